import { expect, sampleCount, saveScreenshot, test } from './fixtures'

test.describe('live panel (fake H200)', () => {
  test('shows the GPU, the driver, and live values that change', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    await expect(page.getByTestId('gpu-name-0')).toContainText('NVIDIA H200')
    await expect(page.getByTestId('driver-version')).toHaveText('580.159.04')
    await expect(page.getByTestId('monitor-state')).toHaveAttribute('data-state', 'running')
    await expect(page.getByTestId('host-facts')).toBeVisible()
    // Until a diagnosis has run, the live page points to it.
    await expect(page.getByTestId('run-diagnosis-callout')).toBeVisible()
    // The charts reach 10 minutes back by default; 1 and 60 are a click away.
    await expect(page.getByTestId('chart-powerW-0')).toHaveAttribute('data-window-seconds', '600')
    await page.getByTestId('history-window-60').click()
    await expect(page.getByTestId('chart-powerW-0')).toHaveAttribute('data-window-seconds', '3600')
    await page.getByTestId('history-window-1').click()
    await expect(page.getByTestId('chart-powerW-0')).toHaveAttribute('data-window-seconds', '60')

    // Samples arrive and the chart grows.
    await expect.poll(() => sampleCount(page)).toBeGreaterThan(0)
    const first = await sampleCount(page)
    await expect.poll(() => sampleCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(first + 3)
    const points = Number(await page.getByTestId('chart-powerW-0').getAttribute('data-points'))
    expect(points).toBeGreaterThanOrEqual(first + 3)

    // The fake replays a captured stream, so values move: collect a few readings.
    const readings = new Set<string>()
    await expect
      .poll(
        async () => {
          for (const id of ['gpu-util-0', 'gpu-power-0', 'gpu-temp-0', 'gpu-sm-0']) {
            readings.add(`${id}=${await page.getByTestId(id).textContent()}`)
          }
          return readings.size
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(4)
    await expect(page.getByTestId('gpu-util-0')).toHaveText(/^\d+ %$/)

    await saveScreenshot(page, 'live-en')
    await page.emulateMedia({ colorScheme: 'dark' })
    await saveScreenshot(page, 'live-en-dark')
    expect(pageProblems).toEqual([])
  })

  test('switching to Chinese changes the labels and survives a reload', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    await expect(page.getByText('Utilisation').first()).toBeVisible()
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByText('利用率').first()).toBeVisible()
    await expect(page.getByText('Utilisation')).toHaveCount(0)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')

    await page.reload()
    await expect(page.getByTestId('lang-switch')).toHaveValue('zh-CN')
    await expect(page.getByText('利用率').first()).toBeVisible()
    await expect(page.getByText('驱动版本')).toBeVisible()
    await expect.poll(() => sampleCount(page), { timeout: 15_000 }).toBeGreaterThan(2)
    await saveScreenshot(page, 'live-zh')
    await expect(page.getByTestId('history-window-10')).toHaveText('10 分钟')
    await page.getByTestId('run-diagnosis-cta').click()
    await expect(page.getByTestId('page-diagnose')).toBeVisible()
    await page.getByTestId('tab-monitor').click()

    await page.getByTestId('lang-switch').selectOption('en')
    await expect(page.getByText('Utilisation').first()).toBeVisible()
    expect(pageProblems).toEqual([])
  })

  // A 900 px window: the sampler's line gives its whole reason (the path of the nvidia-smi chosen
  // explicitly included), wrapped, and every metric's value with its limit stays inside its tile.
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`at 900×700 nothing on the page is cut off (${lang})`, async ({ page, served, pageProblems }) => {
      await page.setViewportSize({ width: 900, height: 700 })
      await page.goto(served.url)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect.poll(() => sampleCount(page), { timeout: 15_000 }).toBeGreaterThan(2)
      const note = page.getByTestId('sampler-source')
      await expect(note).toContainText(
        lang === 'en' ? /^Sampler: nvidia-smi stream \(NVML not used: .*fake-nvidia-smi\/nvidia-smi\); GPU_DOCTOR_SAMPLER=nvml uses NVML anyway\)$/ : /^采样方式：nvidia-smi 数据流（未使用 NVML：.*fake-nvidia-smi\/nvidia-smi）；设置 GPU_DOCTOR_SAMPLER=nvml 仍可使用 NVML）$/,
      )
      await expect(note).toBeInViewport({ ratio: 1 })
      const fit = await note.evaluate((el) => ({ overflowX: el.scrollWidth - el.clientWidth, overflowY: el.scrollHeight - el.clientHeight, right: el.getBoundingClientRect().right }))
      expect(fit.overflowX, 'sampler line wider than its box').toBeLessThanOrEqual(0)
      expect(fit.overflowY, 'sampler line taller than its box').toBeLessThanOrEqual(0)
      expect(fit.right).toBeLessThanOrEqual(900)
      // "1,725 MHz of 1,980 MHz" in a 200 px tile: the limit goes under the value, not past the border.
      await expect(page.getByTestId('gpu-sm-0')).toHaveText(/MHz$/)
      const spilled = await page.locator('.metric').evaluateAll((tiles) => tiles.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent))
      expect(spilled).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900)
      await saveScreenshot(page, `live-900-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})
