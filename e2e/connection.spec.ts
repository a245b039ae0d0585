import { expect, startServe, stopServe, test } from './fixtures'

// The tab outlives the server: what the page says must stay true.
test('a stopped server: Disconnected, the monitor not green, nothing claimed about this computer (both languages)', async ({ page }) => {
  const { child, served } = await startServe('h200-x1', {})
  try {
    await page.goto(served.url)
    await expect(page.getByTestId('monitor-state')).toHaveAttribute('data-state', 'running')
    await expect(page.getByTestId('first-run-python')).not.toHaveAttribute('data-state', 'checking')
    // The Chinese texts load when Chinese is first chosen: here, while the server still answers.
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('tab-monitor')).toHaveText('实时监控')
    await page.getByTestId('lang-switch').selectOption('en')
    await stopServe(child)
    const banner = page.getByTestId('connection-banner')
    await expect(banner).toHaveAttribute('data-state', 'reconnecting')
    await expect(banner).toContainText('Disconnected')
    await expect(banner).not.toContainText('`')
    await expect(page.getByTestId('monitor-state')).toHaveAttribute('data-state', 'disconnected')
    await expect(page.getByTestId('monitor-state')).toHaveText(/^Disconnected/)
    // Checking again without a server says it could not check; never "none found".
    await page.getByTestId('first-run-summary').click()
    await page.getByTestId('first-run-again').click()
    await expect(page.getByTestId('first-run-python')).toHaveAttribute('data-state', 'unknown')
    await expect(page.getByTestId('first-run-python')).toContainText('could not check')
    await expect(page.getByTestId('first-run-python')).not.toContainText('none found')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(banner).toContainText('已断开')
    await expect(page.getByTestId('monitor-state')).toHaveText(/^已断开/)
    await expect(page.getByTestId('first-run-python')).toContainText('无法检查')
  } finally {
    await stopServe(child)
  }
})

test('a token the server refuses: said once, no endless reconnecting (both languages)', async ({ page, served }) => {
  let upgrades = 0
  page.on('websocket', () => upgrades++)
  // A restarted server has a new token; this tab still has the old one.
  await page.goto(`${served.origin}/?token=${'0'.repeat(64)}`)
  const banner = page.getByTestId('connection-banner')
  await expect(banner).toHaveAttribute('data-state', 'token-refused')
  await expect(banner).toContainText('refuses this page’s access token')
  await expect(banner).not.toContainText('`')
  await expect(page.getByTestId('monitor-state')).toHaveAttribute('data-state', 'disconnected')
  const tries = upgrades
  await page.waitForTimeout(3000)
  expect(upgrades).toBe(tries)
  await page.getByTestId('lang-switch').selectOption('zh-CN')
  await expect(banner).toContainText('拒绝了本页的访问令牌')
})
