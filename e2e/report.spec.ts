import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { stepsEn, stepsZh } from '../src/shared/i18n/steps'
import { expect, saveScreenshot, test } from './fixtures'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, 'out/cli/gpu-doctor.cjs')
const FAKE_SMI = resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
const VERIFIED = resolve(ROOT, 'docs/verification/issue-3-h200')
const STEPS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const
/** This machine's host name, as a word: it must not survive redaction. */
const HOST = new RegExp(`\\b${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)

// Two real H200 diagnoses (docs/verification/issue-3-h200): healthy, then with cuDNN switched off.
const OLDER = '2026-11-21T05-50-26-715Z-e2e001'
const NEWER = '2026-11-21T05-50-53-502Z-e2e002'

/** A data directory whose history holds the two diagnoses. */
function seededDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-report-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(join(VERIFIED, 'diagnose.json'), join(dir, 'history', `${OLDER}.json`))
  copyFileSync(join(VERIFIED, 'diagnose-disable-cudnn.json'), join(dir, 'history', `${NEWER}.json`))
  return dir
}

/** `gpu-doctor report --format json` of a saved diagnosis, on the fake H200, unredacted. */
function jsonReport(from: string, dataDir: string): Record<string, unknown> {
  const out = execFileSync(process.execPath, [CLI, 'report', '--format', 'json', '--no-redact', '--from', from], {
    env: { ...process.env, GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, FAKE_SMI_FIXTURE: 'h200-x1', GPU_DOCTOR_DATA_DIR: dataDir, GPU_DOCTOR_LANG: 'en' },
    encoding: 'utf8',
  })
  return JSON.parse(out) as Record<string, unknown>
}

async function openReport(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('tab-report').click()
  await expect(page).toHaveURL(/#report$/)
  await expect(page.getByTestId('page-report')).toBeVisible()
}

const preview = (page: Page) => page.getByTestId('export-preview')

test.describe('Report page (two saved H200 diagnoses)', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir() } })

  test('previews the report with the five steps, masks this host, and saves what it shows', async ({ page, served, pageProblems }) => {
    await openReport(page, served.url)
    await expect(preview(page)).toHaveAttribute('data-format', 'md')
    await expect(preview(page)).toHaveAttribute('data-redact', 'true')
    for (const [i, id] of STEPS.entries()) await expect(preview(page)).toContainText(`${i + 1}. ${stepsEn[`step.${id}.title`]}`)
    // The latest saved diagnosis is the one with cuDNN off.
    await expect(preview(page)).toContainText('cuDNN is not in use')
    const redacted = (await preview(page).textContent()) ?? ''
    expect(redacted).not.toMatch(HOST)
    expect(redacted).toContain('host-1')
    const masked = page.getByTestId('export-masked')
    await expect(masked.locator('[data-testid="masked-value"][data-kind="host"]')).toContainText(hostname())
    await saveScreenshot(page, 'report-en')

    // Without redaction the host name is there (so the check above means something).
    await page.getByTestId('export-redact').uncheck()
    await expect(preview(page)).toHaveAttribute('data-redact', 'false')
    await expect(preview(page)).toContainText(HOST)
    await expect(masked).toHaveCount(0)

    // JSON: unredacted by default (fleet merges name nodes by host name); HTML: redacted by default.
    await page.getByTestId('export-format-json').click()
    await expect(preview(page)).toHaveAttribute('data-format', 'json')
    await expect(page.getByTestId('export-redact')).not.toBeChecked()
    const json = JSON.parse((await preview(page).textContent()) ?? '') as { kind: string; diagnosis: { steps: unknown[] } }
    expect(json.kind).toBe('gpu-doctor-report')
    expect(json.diagnosis.steps).toHaveLength(5)
    await page.getByTestId('export-format-html').click()
    await expect(preview(page)).toHaveAttribute('data-format', 'html')
    await expect(page.getByTestId('export-redact')).toBeChecked()
    await expect(preview(page)).toContainText('<!doctype html>', { ignoreCase: true })
    await expect(preview(page)).not.toContainText(HOST)

    // Save: a download of exactly the previewed text.
    const downloading = page.waitForEvent('download')
    await page.getByTestId('export-save').click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^gpu-doctor-report-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.html$/)
    const saved = readFileSync(await download.path(), 'utf8')
    expect(saved).toBe((await preview(page).textContent()) ?? '')
    await expect(page.getByTestId('export-notice')).toHaveAttribute('data-kind', 'downloaded')

    await page.getByTestId('export-format-md').click()
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    for (const id of STEPS) await expect(preview(page)).toContainText(stepsZh[`step.${id}.title`])
    await expect(page.getByTestId('tab-report')).toHaveText('报告')
    await saveScreenshot(page, 'report-zh')
    expect(pageProblems).toEqual([])
  })

  test('lists the history, opens an entry, reports on it, and compares two runs', async ({ page, served, pageProblems }) => {
    await openReport(page, served.url)
    const entries = page.getByTestId('history-entry')
    await expect(entries).toHaveCount(2)
    await expect(entries.nth(0)).toHaveAttribute('data-id', NEWER)
    await expect(entries.nth(0).getByTestId('history-step-conv-timing')).toHaveAttribute('data-status', 'fail')
    await expect(entries.nth(1).getByTestId('history-step-conv-timing')).toHaveAttribute('data-status', 'pass')

    // Open the older one, and make it the report's diagnosis.
    await entries.nth(1).getByTestId('history-open').click()
    const opened = page.getByTestId('history-opened')
    await expect(opened).toHaveAttribute('data-id', OLDER)
    await expect(opened.getByTestId('opened-step-conv-timing')).toContainText('5.9×')
    await entries.nth(1).getByTestId('history-use').click()
    await expect(page.getByTestId('export-source')).toHaveValue(OLDER)
    await expect(preview(page)).toContainText('0.45 ms vs 2.62 ms')
    await expect(preview(page)).not.toContainText('cuDNN is not in use')

    // Compare: cuDNN switched off, so steps 2 and 5 fail and convolutions slow down.
    await expect(page.getByTestId('history-compare')).toBeDisabled()
    await entries.nth(0).getByTestId('history-pick').check()
    await entries.nth(1).getByTestId('history-pick').check()
    await page.getByTestId('history-compare').click()
    const comparison = page.getByTestId('comparison')
    await expect(comparison).toBeVisible()
    await expect(comparison.locator('[data-testid="comparison-step"][data-step="cudnn-loaded"]')).toHaveAttribute('data-changed', 'true')
    await expect(comparison.locator('[data-testid="comparison-step"][data-step="gpu-visible"]')).toHaveAttribute('data-changed', 'false')
    const convOn = comparison.locator('[data-testid="comparison-timing"][data-metric="conv.representative.onMs"]')
    await expect(convOn).toHaveAttribute('data-verdict', 'worse')
    await expect(convOn).toContainText('×')
    await comparison.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'report-history-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(convOn).toContainText('变差')
    await saveScreenshot(page, 'report-history-zh')
    expect(pageProblems).toEqual([])
  })

  test('merges the JSON reports of a fleet and flags what differs', async ({ page, served, pageProblems }) => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-fleet-'))
    const a = jsonReport(join(VERIFIED, 'diagnose.json'), dir)
    const b = jsonReport(join(VERIFIED, 'diagnose.json'), dir)
    // The planted difference: node-b has another cuDNN.
    Object.assign(a.facts as object, { hostname: 'node-a' })
    Object.assign(b.facts as object, { hostname: 'node-b', cudnn: '9.1.0' })
    const files = [join(dir, 'node-a.json'), join(dir, 'node-b.json'), join(dir, 'broken.json')]
    writeFileSync(files[0]!, JSON.stringify(a))
    writeFileSync(files[1]!, JSON.stringify(b))
    writeFileSync(files[2]!, '{"not": "a report"}')

    await openReport(page, served.url)
    await page.getByTestId('fleet-files').setInputFiles(files)
    const table = page.getByTestId('fleet-table')
    await expect(table).toBeVisible()
    await expect(page.getByTestId('fleet-node')).toHaveText([/node-a/, /node-b/])
    const cudnn = table.locator('[data-testid="fleet-row"][data-field="cudnn"]')
    await expect(cudnn).toHaveAttribute('data-differs', 'true')
    await expect(cudnn.getByTestId('fleet-cell')).toHaveText(['9.19.0', '9.1.0'])
    await expect(cudnn.locator('[data-testid="fleet-cell"][data-differs="true"]')).toHaveCount(2)
    await expect(table.locator('[data-testid="fleet-row"][data-field="driverVersion"]')).toHaveAttribute('data-differs', 'false')
    await expect(page.getByTestId('fleet-summary')).toContainText('cuDNN')
    await expect(page.getByTestId('fleet-rejected')).toContainText('broken.json')
    await page.getByTestId('fleet').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'report-fleet-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('fleet-summary')).toContainText('机器之间不同的项')
    await saveScreenshot(page, 'report-fleet-zh')
    expect(pageProblems).toEqual([])
  })
})

test.describe('Report page after a real diagnosis (Debian CPU-only PyTorch)', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-report-empty-')) } })

  test('an empty history says so; after a diagnosis the report has its five steps', async ({ page, served, pageProblems }) => {
    test.setTimeout(120_000)
    await openReport(page, served.url)
    await expect(page.getByTestId('history-empty')).toBeVisible()
    await expect(preview(page)).toContainText('No diagnosis in this report')

    await page.getByTestId('tab-diagnose').click()
    const python = page.locator('[data-path="/usr/bin/python3"]')
    await expect(python).toBeVisible({ timeout: 20_000 })
    await python.click()
    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')

    await page.getByTestId('tab-report').click()
    await expect(page.getByTestId('history-entry')).toHaveCount(1)
    for (const [i, id] of STEPS.entries()) await expect(preview(page)).toContainText(`${i + 1}. ${stepsEn[`step.${id}.title`]}`)
    await expect(preview(page)).toContainText('cpu-only-torch-build')
    await expect(preview(page)).not.toContainText(HOST)
    expect(pageProblems).toEqual([])
  })
})
