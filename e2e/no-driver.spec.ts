import { problemsEn, problemsZh } from '../src/shared/i18n/problems'
import { expect, saveScreenshot, test } from './fixtures'

test.describe('no NVIDIA driver', () => {
  test.use({ scenario: 'missing-driver' })

  test('shows the problem, the fix and what was checked, in both languages', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    const problem = page.getByTestId('problem')
    await expect(problem).toBeVisible()
    const key = (await problem.getAttribute('data-code')) ?? ''
    expect(key).not.toBe('')
    const message = (await page.getByTestId('problem-message').textContent()) ?? ''
    const fix = (await page.getByTestId('problem-fix').textContent()) ?? ''
    const en = Object.entries(problemsEn)
    expect(en.some(([k, v]) => !k.endsWith('.fix') && v === message), message).toBe(true)
    expect(en.some(([k, v]) => k.endsWith('.fix') && v === fix), fix).toBe(true)
    await expect(page.getByTestId('gpu-panel-0')).toHaveCount(0)
    await expect(page.getByTestId('monitor-state')).not.toHaveAttribute('data-state', 'running')
    await saveScreenshot(page, 'no-driver-en')

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    // The Chinese texts load when the language is picked: wait for them instead of reading at once.
    const zh = Object.values(problemsZh) as string[]
    await expect.poll(async () => zh.includes((await page.getByTestId('problem-fix').textContent()) ?? '')).toBe(true)
    await saveScreenshot(page, 'no-driver-zh')

    await page.getByTestId('problem-retry').click()
    await expect(page.getByTestId('problem')).toBeVisible()
    expect(pageProblems).toEqual([])
  })
})
