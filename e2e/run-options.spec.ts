import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { expect, saveScreenshot, test } from './fixtures'

// A run's options are part of the run: two real H200 diagnoses, the newer made with "Run with
// cuDNN switched off" (saved before its findings named the option), the older without.
const VERIFIED = resolve(import.meta.dirname, '../docs/verification/issue-3-h200')
const OLDER = '2026-11-21T05-50-26-715Z-e2e001'
const NEWER = '2026-11-21T05-50-53-502Z-e2e002'

function seededDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-options-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(join(VERIFIED, 'diagnose.json'), join(dir, 'history', `${OLDER}.json`))
  copyFileSync(join(VERIFIED, 'diagnose-disable-cudnn.json'), join(dir, 'history', `${NEWER}.json`))
  return dir
}

const REMOVE_YOUR_CODE = { en: 'Remove the code that sets', 'zh-CN': '删掉设置' } as const

test.describe('a run made with "Run with cuDNN switched off"', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir() } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`names the option as the cause and shows it in the headline, History, compare and report (${lang})`, async ({ page, served, pageProblems }) => {
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('last-run')).toBeVisible()
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      const findings = lang === 'en' ? findingsEn : findingsZh
      await expect(page.getByTestId('headline-options')).toHaveAttribute('data-options', 'disable-cudnn')
      await expect(page.getByTestId('headline-options')).toContainText('--disable-cudnn')
      await expect(page.getByTestId('headline-title')).toContainText(findings['cudnn-disabled-by-option.title']!)
      await expect(page.getByTestId('headline-fix')).toContainText(lang === 'en' ? 'Nothing to change in your code' : '你的代码无需改动')
      await expect(page.getByTestId('step-card-cudnn-loaded').getByTestId('finding-cudnn-disabled-by-option')).toBeVisible()
      await expect(page.getByTestId('page-diagnose')).not.toContainText(REMOVE_YOUR_CODE[lang])
      await saveScreenshot(page, `run-options-headline-${lang}`)

      await page.getByTestId('tab-report').click()
      const entries = page.getByTestId('history-entry')
      await expect(entries).toHaveCount(2)
      await expect(entries.nth(0).getByTestId('history-options')).toHaveAttribute('data-options', 'disable-cudnn')
      await expect(entries.nth(1).getByTestId('history-options')).toHaveCount(0)
      // Each step badge carries its verdict's mark, not only its colour.
      await expect(entries.nth(0).getByTestId('history-mark')).toHaveText(['1✓', '2✗', '3✓', '4!', '5✗', '6'])
      // "Open" takes the reader to what opened, below the history.
      await entries.nth(1).getByTestId('history-open').click()
      await expect(page.getByTestId('history-opened-title')).toBeFocused()
      await expect(page.getByTestId('history-opened-title')).toBeInViewport()
      await page.getByTestId('history-close').click()
      // The report of the run names the option among its facts, and never blames the user's code.
      const rendered = page.frameLocator('[data-testid="export-rendered"]').locator('body')
      await expect(rendered).toContainText(lang === 'en' ? 'cuDNN switched off by GPU Doctor (--disable-cudnn)' : 'GPU Doctor 关闭了 cuDNN（--disable-cudnn）')
      await expect(rendered).not.toContainText(REMOVE_YOUR_CODE[lang])

      await entries.nth(0).getByTestId('history-pick').check()
      await entries.nth(1).getByTestId('history-pick').check()
      await page.getByTestId('history-compare').click()
      const options = page.locator('[data-testid="comparison-change"][data-field="runOptions"]')
      await expect(options).toHaveAttribute('data-changed', 'true')
      await expect(options.locator('td').nth(1)).toContainText('--disable-cudnn')
      // A and B told apart to the second.
      await expect(page.getByTestId('comparison').locator('p').first()).toContainText(/:\d\d:\d\d/)
      await page.getByTestId('comparison').scrollIntoViewIfNeeded()
      await saveScreenshot(page, `run-options-compare-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})
