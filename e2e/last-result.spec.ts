import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { expect, test } from './fixtures'

// Every finished run is saved to the history; a reload shows the newest one as the last result.
const VERIFIED = resolve(import.meta.dirname, '../docs/verification/issue-3-h200')
const dataDir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-last-'))
mkdirSync(join(dataDir, 'history'))
copyFileSync(join(VERIFIED, 'diagnose.json'), join(dataDir, 'history', '2026-11-21T05-50-26-715Z-last01.json'))

test.describe('the last result after a reload', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDir } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`the Diagnose page shows the newest saved run, also after a reload (${lang})`, async ({ page, served }) => {
      await page.goto(`${served.url}#diagnose`)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      for (const round of [1, 2]) {
        await expect(page.getByTestId('headline'), `round ${round}`).toHaveAttribute('data-verdict', 'warn')
        await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'pass')
        await expect(page.getByTestId('last-run')).toContainText('/opt/torch/.venv/bin/python3')
        // No call to run it on the live page: there is a result.
        if (round === 1) await page.reload()
      }
      await page.getByTestId('tab-monitor').click()
      await expect(page.getByTestId('run-diagnosis-callout')).toHaveCount(0)
    })
  }
})
