import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { stepsEn, stepsZh } from '../src/shared/i18n/steps'
import { EMOJI } from '../test/helpers/emoji'
import { expect, saveScreenshot, test } from './fixtures'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, 'out/cli/gpu-doctor.cjs')
const FAKE_SMI = resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
const VERIFIED = resolve(ROOT, 'docs/verification/issue-3-h200')
const STEPS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const
/** This machine's host name, as a word in any script (a CJK name has no \b around it): it must not survive redaction. */
const HOST = new RegExp(`(?<![\\p{L}\\p{N}_])${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u')

// Two real H200 diagnoses (docs/verification/issue-3-h200): healthy, then with cuDNN switched off.
const OLDER = '2026-11-21T05-50-26-715Z-e2e001'
const NEWER = '2026-11-21T05-50-53-502Z-e2e002'

/** When a verified diagnosis finished. */
const finishedAt = (file: string) => (JSON.parse(readFileSync(join(VERIFIED, file), 'utf8')) as { finishedAt: string }).finishedAt

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

/** The source of the report (Markdown, HTML or JSON), folded under the rendered preview. */
const preview = (page: Page) => page.getByTestId('export-preview')
/** The rendered report inside the sandboxed preview frame. */
const rendered = (page: Page) => page.frameLocator('[data-testid="export-rendered"]').locator('body')

test.describe('Report page (two saved H200 diagnoses)', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir() } })

  test('previews the report rendered (not its source) in a sandboxed frame, masks this host, and saves what it shows', async ({ page, served, pageProblems }) => {
    await openReport(page, served.url)
    await expect(preview(page)).toHaveAttribute('data-format', 'md')
    await expect(preview(page)).toHaveAttribute('data-redact', 'true')
    // Markdown is shown rendered: a frame that runs nothing (sandbox="", srcdoc), its source folded.
    const frame = page.getByTestId('export-rendered')
    await expect(frame).toHaveAttribute('sandbox', '')
    await expect(frame).toHaveAttribute('srcdoc', /^<!doctype html>/)
    await expect(rendered(page).locator('h1')).toHaveText('GPU Doctor report')
    for (const [i, id] of STEPS.entries()) await expect(rendered(page).getByRole('heading', { name: `${i + 1}. ${stepsEn[`step.${id}.title`]}` })).toBeVisible()
    await expect(rendered(page)).not.toContainText('<details>')
    await expect(preview(page)).toBeHidden()
    // The report's own stylesheet applies under the page's CSP (its hash is allowed): verdicts are coloured text badges.
    const verdicts = rendered(page).locator('section.step .verdict')
    await expect(verdicts).toHaveText(['PASS', 'FAIL', 'PASS', 'WARN', 'FAIL'])
    await expect(verdicts.nth(1)).toHaveCSS('background-color', 'rgb(185, 28, 28)')
    await expect(verdicts.nth(1)).toHaveCSS('color', 'rgb(255, 255, 255)')
    // The latest saved diagnosis is the one with cuDNN off.
    await expect(rendered(page)).toContainText('cuDNN is not in use')
    await page.getByTestId('export-source-view').locator('summary').click()
    await expect(preview(page)).toBeVisible()
    await expect(preview(page)).toContainText('## GPU Doctor report')
    for (const [i, id] of STEPS.entries()) await expect(preview(page)).toContainText(`${i + 1}. ${stepsEn[`step.${id}.title`]}`)
    await expect(preview(page)).toContainText('| 2. cuDNN loaded | **FAIL** |')
    const redacted = (await preview(page).textContent()) ?? ''
    expect(redacted).not.toMatch(EMOJI)
    expect(redacted).not.toMatch(HOST)
    expect(redacted).toContain('host-1')
    expect(await rendered(page).innerText()).not.toMatch(HOST)
    const masked = page.getByTestId('export-masked')
    await expect(masked.locator('[data-testid="masked-value"][data-kind="host"]')).toContainText(hostname())
    await saveScreenshot(page, 'report-en')

    // Without redaction the host name is there (so the check above means something).
    await page.getByTestId('export-redact').uncheck()
    await expect(preview(page)).toHaveAttribute('data-redact', 'false')
    await expect(preview(page)).toContainText(HOST)
    expect(await rendered(page).innerText()).toMatch(HOST)
    await expect(masked).toHaveCount(0)

    // JSON: its source only, masked until its own box is unticked (Markdown's unticking is Markdown's alone); HTML: masked.
    await page.getByTestId('export-format-json').click()
    await expect(preview(page)).toHaveAttribute('data-format', 'json')
    await expect(page.getByTestId('export-rendered')).toHaveCount(0)
    await expect(preview(page)).toBeVisible()
    await expect(page.getByTestId('export-redact')).toBeChecked()
    const json = JSON.parse((await preview(page).textContent()) ?? '') as { kind: string; diagnosis: { steps: unknown[] } }
    expect(json.kind).toBe('gpu-doctor-report')
    expect(json.diagnosis.steps).toHaveLength(5)
    await page.getByTestId('export-format-html').click()
    await expect(preview(page)).toHaveAttribute('data-format', 'html')
    await expect(page.getByTestId('export-redact')).toBeChecked()
    await expect(page.getByTestId('export-rendered')).toHaveAttribute('data-format', 'html')
    await expect(rendered(page).locator('h1')).toHaveText('GPU Doctor report')
    await expect(rendered(page)).not.toContainText('<!doctype', { ignoreCase: true })
    await expect(preview(page)).toContainText('<!doctype html>', { ignoreCase: true })
    await expect(preview(page)).not.toContainText(HOST)
    expect((await preview(page).textContent()) ?? '').not.toMatch(EMOJI)

    // Save: a download of exactly the previewed source.
    const downloading = page.waitForEvent('download')
    await page.getByTestId('export-save').click()
    const download = await downloading
    // Named after the run it reports (the newest in the history), not after the moment of the save.
    const run = new Date(finishedAt('diagnose-disable-cudnn.json'))
    const two = (n: number) => String(n).padStart(2, '0')
    const stamp = `${run.getFullYear()}-${two(run.getMonth() + 1)}-${two(run.getDate())}-${two(run.getHours())}-${two(run.getMinutes())}-${two(run.getSeconds())}`
    expect(download.suggestedFilename()).toBe(`gpu-doctor-report-${stamp}.html`)
    const saved = readFileSync(await download.path(), 'utf8')
    expect(saved).toBe((await preview(page).textContent()) ?? '')
    await expect(page.getByTestId('export-notice')).toHaveAttribute('data-kind', 'downloaded')

    await page.getByTestId('export-format-md').click()
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(rendered(page).locator('h1')).toHaveText('GPU Doctor 诊断报告')
    for (const id of STEPS) await expect(rendered(page)).toContainText(stepsZh[`step.${id}.title`])
    await expect(verdicts).toHaveText(['通过', '失败', '通过', '警告', '失败'])
    // Chinese throughout, summaries of this diagnosis saved before they had keys included.
    await expect(rendered(page)).toContainText('cuDNN 未被使用')
    await expect(rendered(page)).not.toContainText('cuDNN is not in use')
    await expect(page.getByTestId('export-source-view').locator('summary')).toHaveText('源文件（Markdown）')
    await expect(page.getByTestId('tab-report')).toHaveText('报告')
    await saveScreenshot(page, 'report-zh')

    // Copy as Markdown: the chosen report, ready for a GitHub issue. Markdown was unmasked above on
    // purpose, and stays so (no other choice re-masks it): ticked again, the copy is masked and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await expect(page.getByTestId('export-redact')).not.toBeChecked()
    await page.getByTestId('export-redact').check()
    await page.getByTestId('copy-markdown').click()
    await expect(page.getByTestId('copy-markdown-status')).toHaveAttribute('data-kind', 'copied')
    await expect(page.getByTestId('copy-markdown-status')).toHaveAttribute('data-redact', 'true')
    const markdown = await page.evaluate(() => navigator.clipboard.readText())
    expect(markdown).toContain('GPU Doctor 诊断报告')
    expect(markdown).not.toMatch(HOST)
    expect(pageProblems).toEqual([])
  })

  test('saves a PDF from the browser: the core prints it with headless Chromium', async ({ page, served, pageProblems }) => {
    test.setTimeout(90_000)
    await openReport(page, served.url)
    for (const [lang, word] of [
      ['en', 'Downloaded as'],
      ['zh-CN', '已下载'],
    ] as const) {
      await page.getByTestId('lang-switch').selectOption(lang)
      const downloading = page.waitForEvent('download', { timeout: 60_000 })
      await page.getByTestId('export-save-pdf').click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^gpu-doctor-report-[\d-]+\.pdf$/)
      const bytes = readFileSync(await download.path())
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      expect(bytes.length).toBeGreaterThan(10_000)
      await expect(page.getByTestId('export-notice')).toHaveAttribute('data-kind', 'downloaded')
      await expect(page.getByTestId('export-notice')).toContainText(word)
    }
    expect(pageProblems).toEqual([])
  })

  test('lists the history, opens an entry, reports on it, and compares two runs', async ({ page, served, pageProblems }) => {
    await openReport(page, served.url)
    const entries = page.getByTestId('history-entry')
    await expect(entries).toHaveCount(2)
    await expect(entries.nth(0)).toHaveAttribute('data-id', NEWER)
    // Told apart at a glance: local time to the second, the interpreter, the GPUs, five verdict badges.
    const localTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(Date.parse(iso))
    await expect(entries.nth(0).getByTestId('history-time')).toHaveText(localTime(finishedAt('diagnose-disable-cudnn.json')))
    // Two runs of one setup are told apart by when they finished and how long they took.
    await expect(entries.nth(0).getByTestId('history-took')).toHaveText(/^\s*\(\d+ s run\)$/)
    await expect(entries.nth(1).getByTestId('history-time')).toHaveText(localTime(finishedAt('diagnose.json')))
    await expect(entries.getByTestId('history-target')).toHaveText(['/opt/torch/.venv/bin/python3', '/opt/torch/.venv/bin/python3'])
    await expect(entries.getByTestId('history-gpus')).toHaveText(['NVIDIA H200', 'NVIDIA H200'])
    const badges = (i: number) => entries.nth(i).locator('[data-testid^="history-step-"]')
    // Six badges: these runs predate step 6, which shows as not run.
    await expect(badges(0)).toHaveCount(6)
    expect(await badges(0).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['pass', 'fail', 'pass', 'warn', 'fail', 'idle'])
    expect(await badges(1).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['pass', 'pass', 'pass', 'warn', 'pass', 'idle'])
    await expect(entries.nth(0).getByTestId('history-step-cudnn-loaded')).toHaveAttribute('title', 'Step 2, cuDNN loaded: FAIL')

    // Open the older one: the Diagnose page's step cards, with their evidence and charts.
    await entries.nth(1).getByTestId('history-open').click()
    const opened = page.getByTestId('history-opened')
    await expect(opened).toHaveAttribute('data-id', OLDER)
    for (const id of STEPS) await expect(opened.getByTestId(`opened-step-card-${id}`)).toHaveAttribute('data-open', 'true')
    await expect(opened.getByTestId('opened-step-status-sm-utilisation')).toHaveAttribute('data-status', 'warn')
    await expect(opened.getByTestId('opened-step-summary-conv-timing')).toContainText('5.9×')
    await expect(opened.getByTestId('ev-versions')).toContainText('2.11.0+cu130')
    await expect(opened.getByTestId('ev-cudnn-version')).toHaveText('9.19.0')
    await expect(opened.getByTestId('ev-libraries')).toBeVisible()
    const smChart = opened.getByTestId('ev-sm-chart')
    await expect(smChart.locator('canvas')).toBeVisible()
    expect(Number(await smChart.getAttribute('data-points'))).toBeGreaterThan(10)
    await expect(opened.getByTestId('ev-conv-representative').getByTestId('ev-bar-on')).toHaveAttribute('data-ms', /^0\.4/)
    await opened.getByTestId('opened-step-card-conv-timing').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'report-history-opened-en')
    // In Chinese, summaries saved before they had keys (these diagnoses) follow the switch too.
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(opened.getByTestId('opened-step-summary-conv-timing')).toContainText('cuDNN 开 vs 关')
    await expect(opened.getByTestId('opened-step-summary-cudnn-loaded')).toContainText('已加载并启用')
    await expect(opened.getByTestId('opened-step-summary-gpu-visible')).toContainText('看到 1 块 GPU')
    await expect(opened.getByTestId('ev-conv-method')).toContainText('预热后用 torch.cuda.Event 计时')
    await expect(entries.nth(0).getByTestId('history-step-cudnn-loaded')).toHaveAttribute('title', '第 2 步，cuDNN 已加载：失败')
    await saveScreenshot(page, 'report-history-opened-zh')
    await page.getByTestId('lang-switch').selectOption('en')

    // Make it the report's diagnosis.
    await entries.nth(1).getByTestId('history-use').click()
    await expect(page.getByTestId('export-source')).toHaveValue(OLDER)
    // The report's diagnosis picker tells the two runs apart too: time to the second, GPUs, outcome.
    await expect(page.getByTestId('export-source-option')).toHaveText([
      `${localTime(finishedAt('diagnose-disable-cudnn.json'))} · NVIDIA H200 · 2 steps failed`,
      `${localTime(finishedAt('diagnose.json'))} · NVIDIA H200 · 1 warning`,
    ])
    await expect(rendered(page)).toContainText('0.45 ms vs 2.62 ms')
    await expect(rendered(page)).not.toContainText('cuDNN is not in use')

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
    await expect(page.getByTestId('export-source-option')).toHaveText([/ · NVIDIA H200 · 2 个步骤失败$/, / · NVIDIA H200 · 1 个警告$/])
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
    await expect(page.getByTestId('fleet-rejected')).toHaveText('broken.json was left out: it is not a GPU Doctor report or diagnosis')
    // Two machines that disagree: no majority, so both are named, the cuDNN first.
    await expect(page.getByTestId('fleet-look-first').locator('li')).toHaveText([
      'node-a: cuDNN is 9.19.0, and no value is shared by most machines',
      'node-b: cuDNN is 9.1.0, and no value is shared by most machines',
    ])
    await page.getByTestId('fleet').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'report-fleet-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('fleet-summary')).toContainText('机器之间不同的项')
    await expect(page.getByTestId('fleet-rejected')).toHaveText('broken.json 已跳过：不是 GPU Doctor 报告或诊断')
    await expect(page.getByTestId('fleet-look-first')).toContainText('请先检查这些机器')
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
    await expect(rendered(page)).toContainText('No diagnosis in this report')

    await page.getByTestId('tab-diagnose').click()
    const python = page.locator('[data-path="/usr/bin/python3"]')
    await expect(python).toBeVisible({ timeout: 20_000 })
    await python.click()
    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')

    await page.getByTestId('tab-report').click()
    await expect(page.getByTestId('history-entry')).toHaveCount(1)
    await expect(page.getByTestId('history-entry').getByTestId('history-target')).toHaveText('/usr/bin/python3')
    for (const [i, id] of STEPS.entries()) await expect(rendered(page)).toContainText(`${i + 1}. ${stepsEn[`step.${id}.title`]}`)
    await expect(preview(page)).toContainText('cpu-only-torch-build')
    await expect(preview(page)).not.toContainText(HOST)
    expect(await rendered(page).innerText()).not.toMatch(HOST)
    expect(pageProblems).toEqual([])
  })
})

test.describe('Report page on a machine without Chromium', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: seededDataDir(), GPU_DOCTOR_CHROMIUM: '/nonexistent/chromium' } })

  test('PDF says what to install, in both languages', async ({ page, served, pageProblems }) => {
    await openReport(page, served.url)
    await page.getByTestId('export-save-pdf').click()
    const notice = page.getByTestId('export-notice')
    await expect(notice).toHaveAttribute('data-code', 'no-chromium')
    await expect(notice).toContainText('PDF needs a headless Chromium')
    await expect(notice).toContainText('sudo apt install chromium')
    await expect(notice).toContainText('GPU_DOCTOR_CHROMIUM')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(notice).toContainText('无头 Chromium')
    await expect(notice).toContainText('sudo apt install chromium')
    await expect(notice).toContainText('GPU_DOCTOR_CHROMIUM')
    expect(pageProblems).toEqual([])
  })
})
