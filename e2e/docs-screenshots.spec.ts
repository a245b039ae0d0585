import { expect, sampleCount, saveScreenshot, test } from './fixtures'

// The README's live-panel picture: the fake nvidia-smi replays a real H200 capture in which a
// convolution load starts about 16 samples in, so the charts need ~35 s of history to show it.
// Off by default (it is slow and asserts little): GPU_DOCTOR_DOCS_SCREENSHOTS=1 npx playwright test docs
test.describe('README screenshots', () => {
  test.skip(!process.env.GPU_DOCTOR_DOCS_SCREENSHOTS, 'set GPU_DOCTOR_DOCS_SCREENSHOTS=1 to refresh docs/screenshots')

  test('live panel with a load in its history', async ({ page, served, pageProblems }) => {
    test.setTimeout(120_000)
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    await expect.poll(() => sampleCount(page), { timeout: 90_000, intervals: [1000] }).toBeGreaterThanOrEqual(36)
    await expect(page.getByTestId('gpu-util-0')).toHaveText(/^\d+ %$/)
    await saveScreenshot(page, 'docs-live-panel-en')
    // The same at a small window, to look at both sizes before a release.
    await page.setViewportSize({ width: 900, height: 700 })
    await saveScreenshot(page, 'docs-live-panel-900x700-en')
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(pageProblems).toEqual([])
  })
})
