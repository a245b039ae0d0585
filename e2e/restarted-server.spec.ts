import { expect, test } from './fixtures'

// A restarted `gpu-doctor serve` has a new token: the server answers and refuses this tab's. Every
// part of the page says that one thing, never that the server did not answer.
test('a restarted server: one true message on every page, no "did not answer", no useless Try again (both languages)', async ({ page, served, pageProblems }) => {
  await page.goto(`${served.origin}/?token=${'0'.repeat(64)}`)
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'token-refused')
  const loadError = page.getByTestId('load-error')
  await expect(loadError).toHaveText('The GPU Doctor server refuses this page’s access token: open the address that “gpu-doctor serve” printed (see the message at the top).')
  await expect(loadError.getByRole('button')).toHaveCount(0)
  for (const tab of ['tab-monitor', 'tab-images', 'tab-report'] as const) {
    await page.getByTestId(tab).click()
    await expect(page.getByTestId('connection-banner')).toBeVisible()
    // Give each page's calls the time to fail and show their errors.
    await expect(page.locator('main')).not.toContainText('checking…')
    await expect(page.locator('body')).not.toContainText(/did not answer|does not answer/)
  }
  await page.getByTestId('lang-switch').selectOption('zh-CN')
  await page.getByTestId('tab-monitor').click()
  await expect(page.getByTestId('load-error')).toContainText('GPU Doctor 服务器拒绝了本页的访问令牌')
  await expect(page.locator('body')).not.toContainText(/没有响应|没有应答/)
  // The browser logs the refused socket and calls themselves; nothing else may go wrong.
  expect(pageProblems.filter((p) => !/401|Authentication failed/.test(p))).toEqual([])
})
