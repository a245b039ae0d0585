import { expect, sampleCount, test } from './fixtures'

test.describe('monitor restarts', () => {
  // The fake nvidia-smi stream exits after 3 ticks; the core restarts it after a short backoff.
  test.use({ extraEnv: { FAKE_SMI_DIE_AFTER: '3' } })

  test('a restarting monitor is shown, then samples resume', async ({ page, served }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    // The restarting window is ~0.5 s: poll every animation frame, and read the banner with it.
    const banner = await page.waitForFunction(
      () => {
        const state = document.querySelector<HTMLElement>('[data-testid="monitor-state"]')?.dataset.state
        const text = document.querySelector('[data-testid="monitor-banner"]')?.textContent
        return state === 'restarting' && text ? text : null
      },
      null,
      { polling: 'raf', timeout: 20_000 },
    )
    expect(await banner.jsonValue()).toMatch(/Restarting it in \d+ s/)
    const after = await sampleCount(page)
    await expect(page.getByTestId('monitor-state')).toHaveAttribute('data-state', 'running')
    await expect.poll(() => sampleCount(page), { timeout: 15_000 }).toBeGreaterThan(after)
  })
})
