import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'

// A saved diagnosis of two H100s (a real run, test/fixtures/h100-x2-issue23), opened on a machine
// whose nvidia-smi replays one H200: the report shows the run as it was, and anything of this
// machine only in the section that says it was read now.
const ROOT = resolve(import.meta.dirname, '..')
const SAVED = resolve(ROOT, 'test/fixtures/h100-x2-issue23/all-idle-diagnosis.json')
const RUN_UUIDS = ['GPU-4afa91ed-eb30-4383-56a3-8b5f71ba751b', 'GPU-597f2364-e8c8-caed-3f8d-800bfee1edaa']
/** The GPU the fake nvidia-smi replays (test/fixtures/h200-x1): this machine's, read now. */
const NOW_UUID = 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60'

function seededDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-saved-run-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(SAVED, join(dir, 'history', '2026-11-26T15-53-56-711Z-e2e003.json'))
  return dir
}

const preview = (page: Page) => page.getByTestId('export-preview')
const rendered = (page: Page) => page.frameLocator('[data-testid="export-rendered"]').locator('body')

/** The HTML source split at the read-now section: what the run recorded, and what was read now. */
async function split(page: Page): Promise<{ run: string; now: string }> {
  const html = (await preview(page).textContent()) ?? ''
  const start = html.indexOf('<section class="read-now"')
  const end = html.indexOf('</section>', start)
  expect(start, html.slice(0, 500)).toBeGreaterThan(0)
  return { run: html.slice(0, start) + html.slice(end), now: html.slice(start, end) }
}

test.describe('Report page: a saved diagnosis of another machine', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir() } })

  test('is reported as it was; this machine\'s GPU, host and health appear only under "read now", in English and Chinese', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    await page.getByTestId('tab-report').click()
    await expect(page.getByTestId('history-entry').getByTestId('history-gpus')).toHaveText('NVIDIA H100 80GB HBM3')
    await page.getByTestId('export-format-html').click()
    await page.getByTestId('export-redact').uncheck()
    await expect(preview(page)).toHaveAttribute('data-redact', 'false')
    await expect(preview(page)).toHaveAttribute('data-format', 'html')

    for (const [lang, heading, gpuModels, hostLabel, health] of [
      ['en', 'Read now, on this machine (not recorded by the diagnosis)', 'GPU models', 'Host name', 'Hardware health'],
      ['zh-CN', '当前读取，本机（不是该次诊断的记录）', 'GPU 型号', '主机名', '硬件健康'],
    ] as const) {
      await page.getByTestId('lang-switch').selectOption(lang)
      await expect(rendered(page).locator('section.read-now h2')).toHaveText(heading)
      await expect(rendered(page).locator('section.read-now')).toContainText(NOW_UUID)
      await expect(preview(page)).toContainText(`<th>${gpuModels}</th><td>2× NVIDIA H100 80GB HBM3</td>`)
      const { run, now } = await split(page)
      for (const uuid of RUN_UUIDS) expect(run).toContain(uuid)
      expect(run).not.toContain(NOW_UUID)
      expect(run).not.toContain('NVIDIA H200')
      expect(run).not.toContain(`<th>${hostLabel}</th>`)
      expect(now).toContain(NOW_UUID)
      expect(now).toContain(`<th>${hostLabel}</th>`)
      expect(now).toContain('NVIDIA H200')
      expect(run).not.toContain(health)
      expect(now).toContain(`<h3>${health}</h3>`)
    }
    expect(pageProblems).toEqual([])
  })
})
