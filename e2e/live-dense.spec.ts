import { expect, saveScreenshot, test } from './fixtures'

// Eight GPUs (the synthetic 8×H200 replay) in a 1280×800 window: every panel whole, nothing scrolled.
test.describe('live panel with eight GPUs', () => {
  test.use({ scenario: 'h200-x8-synthetic', viewport: { width: 1280, height: 800 } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`all eight panels are fully visible without scrolling (${lang})`, async ({ page, served, pageProblems }) => {
      await page.goto(served.url)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect(page.getByTestId('gpu-grid')).toHaveAttribute('data-layout', 'dense')
      await expect(page.getByTestId('gpu-count')).toHaveText('8')
      // Values arrive in every panel, then the layout is final.
      for (let i = 0; i < 8; i++) await expect(page.getByTestId(`gpu-util-${i}`)).toHaveText(/^\d+ %$/)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      for (let i = 0; i < 8; i++) {
        const panel = page.getByTestId(`gpu-panel-${i}`)
        await expect(panel).toBeInViewport({ ratio: 1 })
        const box = (await panel.boundingBox())!
        expect(box.y + box.height, `GPU ${i} bottom`).toBeLessThanOrEqual(800)
        expect(box.x + box.width, `GPU ${i} right`).toBeLessThanOrEqual(1280)
        // Four a row: a panel is at least a quarter of the content width minus gaps.
        expect(box.width, `GPU ${i} width`).toBeGreaterThan(280)
        for (const metric of ['utilizationGpu', 'memoryUsedMiB', 'temperatureC', 'powerW', 'smClockMHz']) {
          await expect(page.getByTestId(`chart-${metric}-${i}`)).toBeInViewport({ ratio: 1 })
        }
      }
      // Each short chart's bottom label ("0 %", "0 W") whole: its lower half used to fall below the canvas.
      // Measured as ink: nothing of the y axis' labels may touch the canvas's last row of pixels.
      const inkOnLastRow = await page.locator('.sparkline--compact canvas').evaluateAll((canvases) =>
        canvases.map((c) => {
          const canvas = c as HTMLCanvasElement
          const axisWidth = Math.round(30 * (canvas.width / canvas.clientWidth))
          const row = canvas.getContext('2d')!.getImageData(0, canvas.height - 1, axisWidth, 1).data
          let ink = 0
          for (let i = 3; i < row.length; i += 4) if (row[i]! > 40) ink++
          return ink
        }),
      )
      expect(inkOnLastRow.length).toBe(40)
      expect(inkOnLastRow.filter((n) => n > 0)).toEqual([])
      // Every metric's label whole, none cut to "SM clock · of 1,980 …".
      const cut = await page.locator('.metric--compact .label').evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent))
      expect(cut).toEqual([])
      // Memory against the total and power against the limit, in the panel's words.
      await expect(page.getByTestId('gpu-panel-7')).toContainText(lang === 'en' ? 'of 140.4 GiB' : '共 140.4 GiB')
      await expect(page.getByTestId('gpu-panel-7')).toContainText(lang === 'en' ? 'of 700 W' : '共 700 W')
      // The fake nvidia-smi is named explicitly, so the stream samples and the page says why.
      await expect(page.getByTestId('monitor-source')).toHaveAttribute('data-source', 'nvidia-smi')
      await expect(page.getByTestId('sampler-source')).toContainText(
        lang === 'en' ? 'Sampler: nvidia-smi stream (NVML not used: an nvidia-smi was chosen explicitly' : '采样方式：nvidia-smi 数据流（未使用 NVML：已明确指定 nvidia-smi',
      )
      // The fixed facts fold away but are one click from each panel.
      await page.getByTestId('gpu-panel-3').locator('summary').click()
      await expect(page.getByTestId('gpu-uuid-3')).toHaveText('GPU-a3bfea47-2513-0c72-21ed-abcd4ef01a06')
      await page.getByTestId('gpu-panel-3').locator('summary').click()
      await saveScreenshot(page, `live-8gpu-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})

test.describe('live panel with two GPUs', () => {
  test.use({ scenario: 'h200-x2' })

  test('keeps the roomy layout with the identity shown', async ({ page, served }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-grid')).toHaveAttribute('data-layout', 'roomy')
    await expect(page.getByTestId('gpu-uuid-1')).toBeVisible()
  })
})

// The case: Docker (optional) not running, no diagnosis yet, 1280×800. The first-run line
// and the call to run the diagnosis share the screen with all eight panels.
test.describe('eight GPUs with Docker not running', () => {
  test.use({ scenario: 'h200-x8-synthetic', viewport: { width: 1280, height: 800 }, extraEnv: { DOCKER_HOST: 'unix:///nonexistent/docker.sock' } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`all eight panels stay on screen beside the folded first-run line (${lang})`, async ({ page, served }) => {
      await page.goto(served.url)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'absent')
      await expect(page.getByTestId('first-run')).toHaveAttribute('data-folded', 'true')
      await expect(page.getByTestId('run-diagnosis-callout')).toBeVisible()
      for (let i = 0; i < 8; i++) await expect(page.getByTestId(`gpu-util-${i}`)).toHaveText(/^\d+ %$/)
      for (let i = 0; i < 8; i++) {
        const box = (await page.getByTestId(`gpu-panel-${i}`).boundingBox())!
        expect(box.y + box.height, `GPU ${i} bottom`).toBeLessThanOrEqual(800)
      }
      await saveScreenshot(page, `live-8gpu-no-docker-${lang}`)
    })
  }
})
