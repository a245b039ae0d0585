import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'

// axe-core on every page, in both colour schemes and both languages, and on the exported HTML
// report: no serious or critical violation. A saved real H200 diagnosis is in the history, so the
// Diagnose page shows a result (restored on load) and the Report page a history.
const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, 'out/cli/gpu-doctor.cjs')
const VERIFIED = resolve(ROOT, 'docs/verification/issue-3-h200')

function seededDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-axe-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(join(VERIFIED, 'diagnose.json'), join(dir, 'history', '2026-11-21T05-50-26-715Z-axe001.json'))
  // The newest, shown on the Diagnose page: made with "Run with cuDNN switched off", so the option's
  // chips (headline, History) and a failing headline are checked too.
  copyFileSync(join(VERIFIED, 'diagnose-disable-cudnn.json'), join(dir, 'history', '2026-11-21T05-50-53-502Z-axe002.json'))
  return dir
}

async function seriousViolations(page: Page): Promise<string[]> {
  // The Report page's preview is a frame with sandbox="" where no script (axe's neither) may run;
  // the report it shows is checked on its own below. Legacy mode runs axe in this page alone (the
  // default opens a blank page to merge frame results, which hung beside that frame).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ iframes: false })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`)
}

const PAGES = [
  { tab: 'monitor', ready: 'gpu-util-0' },
  { tab: 'diagnose', ready: 'headline' },
  { tab: 'images', ready: 'rec-pick' },
  { tab: 'report', ready: 'history' },
] as const

test.describe('axe: no serious or critical violation', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir() } })

  for (const scheme of ['light', 'dark'] as const) {
    test(`every page, ${scheme} scheme, English and Chinese`, async ({ page, served }) => {
      test.setTimeout(300_000)
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto(served.url)
      for (const lang of ['en', 'zh-CN'] as const) {
        await page.getByTestId('lang-switch').selectOption(lang)
        for (const { tab, ready } of PAGES) {
          await page.getByTestId(`tab-${tab}`).click()
          await expect(page.getByTestId(`page-${tab}`)).toBeVisible()
          await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 20_000 })
          const started = Date.now()
          expect.soft(await seriousViolations(page), `${tab} (${scheme}, ${lang})`).toEqual([])
          console.log(`axe ${tab} ${scheme} ${lang}: ${Date.now() - started} ms`)
        }
      }
    })
  }

  test('the exported HTML report, English and Chinese, both schemes', async ({ page }) => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const file = join(mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-axe-report-')), 'report.html')
      execFileSync(process.execPath, [CLI, 'report', '--format', 'html', '--from', join(VERIFIED, 'diagnose.json'), '-o', file, '--lang', lang], {
        env: { ...process.env, GPU_DOCTOR_NVIDIA_SMI: resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi'), FAKE_SMI_FIXTURE: 'h200-x1', GPU_DOCTOR_DATA_DIR: seededDataDir() },
      })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.setContent(readFileSync(file, 'utf8'))
        await expect(page.locator('main')).toHaveCount(1)
        expect.soft(await seriousViolations(page), `report (${lang}, ${scheme})`).toEqual([])
      }
    }
  })
})
