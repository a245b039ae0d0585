import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, saveScreenshot, test } from './fixtures'

// A computer with nothing GPU Doctor needs: no nvidia-smi at all, no Docker engine, and a PATH
// and home with no Python.
const empty = mkdtempSync(join(tmpdir(), 'gpu-doctor-empty-'))

test.describe('first run on a bare computer', () => {
  test.use({
    extraEnv: {
      GPU_DOCTOR_NVIDIA_SMI: join(empty, 'nvidia-smi'),
      PATH: empty,
      HOME: empty,
      DOCKER_HOST: `unix://${join(empty, 'docker.sock')}`,
    },
  })

  test('the first screen says what was found and what to do, in both languages', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    const panel = page.getByTestId('first-run')
    await expect(panel).toHaveAttribute('data-folded', 'false')
    await expect(panel).toBeVisible()
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'missing')
    // Docker is optional: said, but never marked as missing.
    await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'absent')
    await expect(page.getByTestId('first-run-docker')).not.toContainText('✗')
    await expect(page.getByTestId('first-run-docker')).toContainText('(optional)')
    await expect(page.getByTestId('first-run-python')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('first-run-driver')).toContainText('Install or repair the NVIDIA driver first')
    await expect(page.getByTestId('first-run-docker')).toContainText(`no engine answers at unix://${join(empty, 'docker.sock')}`)
    await expect(page.getByTestId('first-run-python')).toContainText('none found on PATH')
    // It leads the page, above the driver problem with its own fix.
    const panelBox = await panel.boundingBox()
    const problemBox = await page.getByTestId('problem').boundingBox()
    expect(panelBox!.y).toBeLessThan(problemBox!.y)
    await saveScreenshot(page, 'first-run-en')

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('first-run-python')).toContainText('在 PATH、虚拟环境和 conda 中都没有找到')
    await expect(page.getByTestId('first-run-docker')).toContainText('（可选）')
    await expect(panel).toContainText('GPU Doctor')
    await expect(panel).not.toContainText('医生')
    await saveScreenshot(page, 'first-run-zh')

    await page.getByTestId('first-run-again').click()
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'missing')
    expect(pageProblems).toEqual([])
  })
})

test.describe('first run with only Docker (optional) missing', () => {
  test.use({ extraEnv: { DOCKER_HOST: `unix://${join(empty, 'docker.sock')}` } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`one folded status line that opens on request (${lang})`, async ({ page, served, pageProblems }) => {
      await page.goto(served.url)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      const panel = page.getByTestId('first-run')
      await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'absent')
      await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'ok')
      await expect(panel).toHaveAttribute('data-folded', 'true')
      const summary = page.getByTestId('first-run-summary')
      await expect(summary).toContainText(lang === 'en' ? 'Ready to diagnose' : '可以开始诊断')
      await expect(summary).toContainText(lang === 'en' ? '(optional)' : '（可选）')
      // One line: the GPUs below keep their place.
      expect((await panel.boundingBox())!.height).toBeLessThan(48)
      await expect(page.getByTestId('first-run-docker')).toBeHidden()
      await summary.click()
      await expect(page.getByTestId('first-run-docker')).toBeVisible()
      await expect(page.getByTestId('first-run-docker')).toContainText(lang === 'en' ? 'Optional: install Docker Engine' : '可选：安装 Docker Engine')
      expect(pageProblems).toEqual([])
    })
  }

  // Which answer comes first (samples, the full GPU state, host facts, the rest of the texts) depends
  // on the machine's load: the page must not move whatever the order, on a fast or a slowed renderer.
  for (const slowdown of [1, 4]) test(`the line is there from the first paint, so nothing below it moves (CLS, renderer slowed ${slowdown}×)`, async ({ page, served }) => {
    if (slowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number }
      w.__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__cls += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(served.url)
    await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'absent')
    await expect(page.getByTestId('gpu-util-0')).toHaveText(/^\d+ %$/)
    await expect(page.getByTestId('host-facts')).toBeVisible()
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
    test.info().annotations.push({ type: 'CLS', description: String(cls) })
    // What is left is a few pixels of width as the texts load (about 0.002); the GPUs pushing the host's card down was 0.07.
    expect(cls).toBeLessThan(0.01)
  })
})

test.describe('first run with everything there', () => {
  test('no first-run screen on the fake H200 with a Python', async ({ page, served }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-name-0')).toContainText('NVIDIA H200')
    await expect(page.getByTestId('run-diagnosis-callout')).toBeVisible()
    // Python and the driver are there: at most the folded line, whether or not this machine runs Docker.
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'ok')
    await expect(page.getByTestId('first-run')).toHaveAttribute('data-folded', 'true')
    await expect(page.getByTestId('first-run-python')).not.toHaveAttribute('data-state', 'missing')
  })
})
