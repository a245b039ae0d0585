import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { renderFinding } from '../src/shared/i18n/render-finding'
import { stepsEn, stepsZh } from '../src/shared/i18n/steps'
import { expect, sampleCount, saveScreenshot, test } from './fixtures'

/** Debian's python3-torch: a real, CPU-only PyTorch. */
const TORCH_PYTHON = '/usr/bin/python3'
/** Sleeps before it becomes /usr/bin/python3, so a run can be cancelled while the probe is alive. */
const SLOW_PYTHON = resolve(import.meta.dirname, 'helpers/slow-python')
const STEPS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing', 'gpu-links'] as const
/** The finding texts as rendered: `code` spans lose their backticks. */
const plain = (s: string | undefined) => (s ?? '').replace(/`/g, '')
/**
 * The fix's command on this machine: Debian's python3 is externally managed (PEP 668), so a venv
 * first; the fake H200's driver 580 reports CUDA 13.0, so cu130 (not cu128).
 */
const INSTALL = `${TORCH_PYTHON} -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130`
/** A fix as shown for this machine's command: a venv here, so with the note that Debian needs python3-venv for it. */
const withInstall = (s: string | undefined) => plain(renderFinding({ id: 'x', params: { install: INSTALL } }, { 'x.title': '', 'x.message': '', 'x.fix': s ?? '' }).fix)

async function openDiagnose(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('tab-diagnose').click()
  await expect(page.getByTestId('page-diagnose')).toBeVisible()
  await expect(page).toHaveURL(/#diagnose$/)
}

async function pickTorchPython(page: Page): Promise<void> {
  const option = page.locator(`[data-path="${TORCH_PYTHON}"]`)
  await expect(option).toBeVisible({ timeout: 20_000 })
  // Debian's python3-torch is a CPU-only build: no green "torch found" for a torch that can never use the GPU.
  await expect(option.getByTestId('interp-torch-cpu')).toHaveText('CPU-only torch')
  await expect(option).not.toContainText('torch found')
  await option.click()
  await expect(option.locator('input[type=radio]')).toBeChecked()
}

/** Whether a process runs the slow Python (read from /proc: no pgrep needed). */
function slowPythonsAlive(): boolean {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      // The server itself names it (serve --python SLOW_PYTHON): only a process running it counts.
      if (args.includes(SLOW_PYTHON) && !args.includes('--python')) return true
    } catch {
      // gone already
    }
  }
  return false
}

test.describe('diagnosis wizard (fake H200, Debian CPU-only PyTorch)', () => {
  test('runs all five steps: step 1 fails with the CPU-only finding and its fix, in English and Chinese', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    for (const id of STEPS) await expect(page.getByTestId(`step-title-${id}`)).toContainText(stepsEn[`step.${id}.title`])
    await pickTorchPython(page)

    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('run-all')).toBeDisabled()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')

    const expected = { 'gpu-visible': 'fail', 'cudnn-loaded': 'skip', 'ldd-linkage': 'skip', 'sm-utilisation': 'skip', 'conv-timing': 'skip' }
    for (const [id, status] of Object.entries(expected)) {
      await expect(page.getByTestId(`step-status-${id}`)).toHaveAttribute('data-status', status)
    }

    // Step 1: the finding, its fix in plain words and its failure-mode id; the version table.
    const finding = page.getByTestId('step-card-gpu-visible').getByTestId('finding-cpu-only-torch-build')
    await expect(finding).toHaveAttribute('data-severity', 'error')
    await expect(finding.getByTestId('finding-message')).toHaveText(findingsEn['cpu-only-torch-build.message']!)
    await expect(finding.getByTestId('finding-fix')).toContainText(withInstall(findingsEn['cpu-only-torch-build.fix']))
    // The command makes a venv, which stock Debian cannot without python3-venv: the fix says so.
    await expect(finding.getByTestId('finding-fix')).toContainText('sudo apt install python3-venv')
    await expect(finding.getByTestId('finding-id')).toHaveText('cpu-only-torch-build')
    await expect(page.getByTestId('step-summary-gpu-visible')).toContainText('cannot use the GPU')
    await expect(page.getByTestId('ev-torch-cuda')).toContainText('none (CPU-only build)')
    await expect(page.getByTestId('ev-devices')).toContainText('NVIDIA H200')
    await expect(page.getByTestId('ev-devices')).toContainText('not seen')

    // The answer first: the one problem, its fix with a Copy button on the command, the step to read.
    const headline = page.getByTestId('headline')
    await expect(headline).toHaveAttribute('data-verdict', 'fail')
    await expect(page.getByTestId('headline-title')).toHaveText(`1 problem: ${findingsEn['cpu-only-torch-build.title']}`)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const command = headline.getByTestId('headline-fix').getByTestId('command').first()
    await expect(command.getByTestId('command-text')).toHaveText(INSTALL)
    await command.getByTestId('command-copy').click()
    await expect(command).toHaveAttribute('data-copy', 'copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await command.getByTestId('command-text').textContent())
    // In a 900 px window the command wraps: its Copy button follows the last line, not the middle of the command.
    await page.setViewportSize({ width: 900, height: 700 })
    const code = (await command.getByTestId('command-text').boundingBox())!
    const copy = (await command.getByTestId('command-copy').boundingBox())!
    expect(code.height, 'the command wraps at 900 px').toBeGreaterThan(copy.height * 1.5)
    expect(Math.abs(code.y + code.height - (copy.y + copy.height)), 'Copy beside the last line').toBeLessThanOrEqual(4)
    await page.setViewportSize({ width: 1280, height: 900 })
    // Failing steps open, skipped ones fold to one line.
    await expect(page.getByTestId('step-card-gpu-visible')).toHaveAttribute('data-open', 'true')
    await expect(page.getByTestId('step-card-conv-timing')).toHaveAttribute('data-open', 'false')

    // One click gives a Markdown report for an issue (masked), another saves the report.
    await page.getByTestId('copy-markdown').click()
    await expect(page.getByTestId('copy-markdown-status')).toHaveAttribute('data-kind', 'copied')
    const markdown = await page.evaluate(() => navigator.clipboard.readText())
    expect(markdown).toMatch(/^## GPU Doctor report/)
    expect(markdown).toContain('cpu-only-torch-build')
    const download = page.waitForEvent('download')
    await page.getByTestId('save-report').click()
    expect((await download).suggestedFilename()).toMatch(/^gpu-doctor-report-.*\.md$/)

    // Step 3 does not apply to a CPU-only build: it links no CUDA library, so "pass" would say nothing.
    await expect(page.getByTestId('step-summary-ldd-linkage')).toContainText('CPU-only build')
    await expect(page.getByTestId('step-summary-cudnn-loaded')).toContainText('CPU-only build')
    await saveScreenshot(page, 'diagnosis-en')

    // Chinese: step titles, explanations, finding text and summaries.
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    for (const id of STEPS) await expect(page.getByTestId(`step-title-${id}`)).toContainText(stepsZh[`step.${id}.title`])
    await expect(finding.getByTestId('finding-message')).toHaveText(findingsZh['cpu-only-torch-build.message']!)
    await expect(finding.getByTestId('finding-fix')).toContainText(withInstall(findingsZh['cpu-only-torch-build.fix']))
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveText('失败')
    await expect(page.getByTestId('step-summary-gpu-visible')).toContainText('无法使用 GPU')
    await expect(page.getByTestId('step-summary-cudnn-loaded')).toHaveText('未运行：第 1 步发现这个 PyTorch 不含 CUDA（纯 CPU 版本）')
    await expect(page.getByTestId('headline-title')).toHaveText(/^发现 1 个问题/)
    await expect(page.getByTestId('headline-title')).toContainText(findingsZh['cpu-only-torch-build.title']!)
    await expect(page.getByTestId('copy-markdown')).toHaveText('复制为 Markdown')
    await expect(page.getByTestId('tab-diagnose')).toHaveText('诊断')
    await saveScreenshot(page, 'diagnosis-zh')

    // The live monitor kept sampling behind the diagnosis page.
    await page.getByTestId('tab-monitor').click()
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    const before = await sampleCount(page)
    await expect.poll(() => sampleCount(page), { timeout: 15_000 }).toBeGreaterThan(before)
    await page.goBack()
    await expect(page.getByTestId('page-diagnose')).toBeVisible()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail')
    expect(pageProblems).toEqual([])
  })

  test('runs a single step and leaves the others alone', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    await pickTorchPython(page)
    await page.getByTestId('step-run-ldd-linkage').click()
    await expect(page.getByTestId('step-status-ldd-linkage')).toHaveAttribute('data-status', 'skip', { timeout: 60_000 })
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')
    for (const id of ['gpu-visible', 'cudnn-loaded', 'sm-utilisation', 'conv-timing']) {
      await expect(page.getByTestId(`step-status-${id}`)).toHaveAttribute('data-status', 'idle')
      await expect(page.getByTestId(`step-summary-${id}`)).toHaveCount(0)
    }

    // Then step 1 alone: its result joins the one already there.
    await page.getByTestId('step-run-gpu-visible').click()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    await expect(page.getByTestId('step-status-ldd-linkage')).toHaveAttribute('data-status', 'skip')
    await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'idle')
    expect(pageProblems).toEqual([])
  })

  test('cancel stops the probe, returns to idle, and a later run works', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    await expect(page.locator(`[data-path="${TORCH_PYTHON}"]`)).toBeVisible({ timeout: 20_000 })
    await page.getByTestId('interpreter-path').fill(SLOW_PYTHON)
    await expect(page.getByTestId('interpreter-other')).toBeChecked()

    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('run-cancel')).toBeVisible()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'running')
    await expect.poll(slowPythonsAlive, { timeout: 10_000 }).toBe(true)
    await saveScreenshot(page, 'diagnosis-running-en')
    await page.getByTestId('run-cancel').click()

    await expect(page.getByTestId('run-notice')).toHaveAttribute('data-kind', 'cancelled')
    await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')
    await expect(page.getByTestId('run-cancel')).toHaveCount(0)
    for (const id of STEPS) await expect(page.getByTestId(`step-status-${id}`)).toHaveAttribute('data-status', 'idle')
    await expect.poll(slowPythonsAlive, { timeout: 10_000 }).toBe(false)

    await pickTorchPython(page)
    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    await expect(page.getByTestId('run-notice')).toHaveCount(0)
    expect(pageProblems).toEqual([])
  })

  test('the keyboard alone runs it: Tab through "Another Python" keeps Run enabled, and a disabled Run says why', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    await pickTorchPython(page)
    // "Not run" is a plain label, not something that looks like a button.
    await expect(page.getByTestId('step-status-conv-timing')).toHaveText('Not run')
    const idle = await page.getByTestId('step-status-conv-timing').evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(idle).toBe('rgba(0, 0, 0, 0)')
    // Tab from the chosen interpreter into the empty "Another Python" box and on.
    await page.locator(`[data-path="${TORCH_PYTHON}"] input`).focus()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('interpreter-path')).toBeFocused()
    await expect(page.locator(`[data-path="${TORCH_PYTHON}"] input`)).toBeChecked()
    await expect(page.getByTestId('run-all')).toBeEnabled()
    await expect(page.getByTestId('run-blocked')).toHaveCount(0)
    // On to "Run all six" (past "Look again" and no disabled button in between) and start it with Enter.
    for (let i = 0; i < 5 && !(await page.getByTestId('run-all').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(page.getByTestId('run-all')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })

    // "Another Python" chosen with nothing typed: Run is disabled and the page says why.
    await page.getByTestId('interpreter-other').check()
    await expect(page.getByTestId('run-all')).toBeDisabled()
    await expect(page.getByTestId('run-blocked')).toHaveText('Type the path of the Python to use in "Another Python", or pick one from the list.')
    await expect(page.getByTestId('run-all')).toHaveAttribute('aria-describedby', 'run-blocked-reason')
    await expect(page.getByTestId('step-run-gpu-visible')).toHaveAttribute('title', /Type the path/)
    expect(pageProblems).toEqual([])
  })

  test('a Python path that does not exist is refused before any step, said in both languages, and not saved', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    await expect(page.locator(`[data-path="${TORCH_PYTHON}"]`)).toBeVisible({ timeout: 20_000 })
    await page.getByTestId('interpreter-path').fill('/opt/nowhere/bin/python3')
    await expect(page.getByTestId('interpreter-other')).toBeChecked()
    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('run-notice')).toHaveAttribute('data-kind', 'start-error')
    await expect(page.getByTestId('run-notice')).toHaveText('Nothing was run: /opt/nowhere/bin/python3 does not exist. Pick a Python from the list or correct the path.')
    for (const id of STEPS) await expect(page.getByTestId(`step-status-${id}`)).toHaveAttribute('data-status', 'idle')
    await expect(page.getByTestId('headline')).toHaveCount(0)
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('run-notice')).toContainText('未运行：/opt/nowhere/bin/python3 不存在')
    const history = await page.evaluate(async (token) => {
      const r = await fetch('./api/invoke/history%3Alist', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"args":[]}' })
      return r.json()
    }, served.token)
    expect(history).toEqual({ ok: true, value: { entries: [], unreadable: [], keeps: 500 } })
    expect(pageProblems).toEqual([])
  })
})
