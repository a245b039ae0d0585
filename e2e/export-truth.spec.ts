import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import type { Diagnosis } from '../src/shared/diagnosis'
import { expect, test } from './fixtures'
import { startReplay } from './helpers/replay'

// What the export buttons say is what they did: a report is masked until that very report is
// unmasked, and the Diagnose page exports the diagnosis on its screen, saved or not.
const ROOT = resolve(import.meta.dirname, '..')
const VERIFIED = resolve(ROOT, 'docs/verification/issue-3-h200')
/** This machine's host name, as a word: masking must take it out. */
// Not inside a longer name; \b is ASCII-only, so a CJK hostname needs lookarounds on the name's own characters.
const HOST = new RegExp(`(?<![\\p{L}\\p{N}_.-])${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u')
const H200: Diagnosis = JSON.parse(readFileSync(resolve(import.meta.dirname, 'data/diagnosis-h200.json'), 'utf8')) as Diagnosis

/** A data directory whose history holds one diagnosis: the H200 with cuDNN switched off. */
function historyWithCudnnOff(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-export-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(join(VERIFIED, 'diagnose-disable-cudnn.json'), join(dir, 'history', '2026-11-21T05-50-53-502Z-e2e002.json'))
  return dir
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

test.describe('export says what it did', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: historyWithCudnnOff() } })

  test('choosing JSON unmasks neither the Markdown copy nor the PDF; an unmasked copy says so (en, zh)', async ({ page, served, pageProblems }) => {
    test.setTimeout(90_000)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(`${served.url}#report`)
    const redact = page.getByTestId('export-redact')
    const copyStatus = page.getByTestId('copy-markdown-status')
    await expect(redact).toBeChecked()
    // JSON is masked too until its own box is unticked; unticking it is for JSON alone.
    await page.getByTestId('export-format-json').click()
    await expect(page.getByTestId('export-preview')).toHaveAttribute('data-format', 'json')
    await expect(redact).toBeChecked()
    await expect(page.getByTestId('export-preview')).not.toContainText(HOST)
    await redact.uncheck()
    await expect(page.getByTestId('export-preview')).toHaveAttribute('data-redact', 'false')
    await expect(page.getByTestId('export-preview')).toContainText(HOST)

    await page.getByTestId('copy-markdown').click()
    await expect(copyStatus).toHaveAttribute('data-kind', 'copied')
    await expect(copyStatus).toHaveAttribute('data-redact', 'true')
    await expect(copyStatus).toHaveText('Copied: a Markdown report with private values masked, ready for a GitHub issue.')
    const masked = await clipboard(page)
    expect(masked).toContain('GPU Doctor report')
    expect(masked).not.toMatch(HOST)

    const downloading = page.waitForEvent('download', { timeout: 60_000 })
    await page.getByTestId('export-save-pdf').click()
    await downloading
    await expect(page.getByTestId('export-notice')).toHaveAttribute('data-redact', 'true')
    await expect(page.getByTestId('export-notice')).toContainText('private values masked')

    // Markdown keeps its own choice; unticked on purpose, the copy is unmasked and says so.
    await page.getByTestId('export-format-md').click()
    await expect(redact).toBeChecked()
    await redact.uncheck()
    await page.getByTestId('copy-markdown').click()
    // The server may still be closing the headless Chromium that printed the PDF: on a loaded 2-core machine the
    // copy's report waits behind it (over 10 s once in a full run).
    await expect(copyStatus).toHaveAttribute('data-redact', 'false', { timeout: 30_000 })
    await expect(copyStatus).toContainText('NOT masked')
    expect(await clipboard(page)).toMatch(HOST)
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await page.getByTestId('copy-markdown').click()
    await expect(copyStatus).toContainText('未遮盖')
    // Back to JSON: still unmasked there (the user's choice for that report), HTML still masked.
    await page.getByTestId('export-format-json').click()
    await expect(redact).not.toBeChecked()
    await page.getByTestId('export-format-html').click()
    await expect(redact).toBeChecked()
    expect(pageProblems).toEqual([])
  })

  test("the Diagnose page copies and saves the diagnosis on screen (a replayed, unsaved one), not the history's latest", async ({ page, served, pageProblems }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const runId = 'replay-export-shown'
    const replay = await startReplay(page, served.url, runId)
    replay.send('diagnosis:done', { kind: 'done', runId, diagnosis: H200 })
    await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'pass')

    await page.getByTestId('copy-markdown').click()
    const status = page.getByTestId('copy-markdown-status')
    await expect(status).toHaveAttribute('data-kind', 'copied')
    await expect(status).toHaveAttribute('data-redact', 'true')
    const copied = await clipboard(page)
    // The healthy run on screen, not the saved run with cuDNN switched off, and not an empty report.
    expect(copied).toContain('0.45 ms vs 2.62 ms')
    expect(copied).not.toContain('cuDNN is not in use')
    expect(copied).not.toContain('No diagnosis in this report')
    expect(copied).not.toMatch(HOST)

    const downloading = page.waitForEvent('download')
    await page.getByTestId('save-report').click()
    const saved = readFileSync(await (await downloading).path(), 'utf8')
    expect(saved).toContain('0.45 ms vs 2.62 ms')
    expect(saved).not.toContain('cuDNN is not in use')
    expect(saved).not.toMatch(HOST)
    await expect(page.getByTestId('export-notice')).toContainText('private values masked')
    expect(pageProblems).toEqual([])
  })
})
