import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { stepsEn, stepsZh } from '../src/shared/i18n/steps'
import { expect, sampleCount, saveScreenshot, test } from './fixtures'

/** Debian's python3-torch: a real, CPU-only PyTorch. */
const TORCH_PYTHON = '/usr/bin/python3'
/** Sleeps before it becomes /usr/bin/python3, so a run can be cancelled while the probe is alive. */
const SLOW_PYTHON = resolve(import.meta.dirname, 'helpers/slow-python')
const STEPS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const
/** The finding texts as rendered: `code` spans lose their backticks. */
const plain = (s: string | undefined) => (s ?? '').replace(/`/g, '')

async function openDiagnose(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('tab-diagnose').click()
  await expect(page.getByTestId('page-diagnose')).toBeVisible()
  await expect(page).toHaveURL(/#diagnose$/)
}

async function pickTorchPython(page: Page): Promise<void> {
  const option = page.locator(`[data-path="${TORCH_PYTHON}"]`)
  await expect(option).toBeVisible({ timeout: 20_000 })
  await expect(option).toContainText('torch found')
  await option.click()
  await expect(option.locator('input[type=radio]')).toBeChecked()
}

/** Whether a process runs the slow Python (read from /proc: no pgrep needed). */
function slowPythonsAlive(): boolean {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(SLOW_PYTHON)) return true
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
      await expect(page.getByTestId(`progress-${id}`)).toHaveAttribute('data-state', status)
    }

    // Step 1: the finding, its fix in plain words and its failure-mode id; the version table.
    const finding = page.getByTestId('step-card-gpu-visible').getByTestId('finding-cpu-only-torch-build')
    await expect(finding).toHaveAttribute('data-severity', 'error')
    await expect(finding.getByTestId('finding-message')).toHaveText(findingsEn['cpu-only-torch-build.message']!)
    await expect(finding.getByTestId('finding-fix')).toContainText(plain(findingsEn['cpu-only-torch-build.fix']))
    await expect(finding.getByTestId('finding-id')).toHaveText('cpu-only-torch-build')
    await expect(page.getByTestId('step-summary-gpu-visible')).toContainText('cannot use the GPU')
    await expect(page.getByTestId('ev-torch-cuda')).toContainText('none (CPU-only build)')
    await expect(page.getByTestId('ev-devices')).toContainText('NVIDIA H200')
    await expect(page.getByTestId('ev-devices')).toContainText('not seen')

    // Step 3 does not apply to a CPU-only build: it links no CUDA library, so "pass" would say nothing.
    await expect(page.getByTestId('step-summary-ldd-linkage')).toContainText('CPU-only build')
    await expect(page.getByTestId('step-summary-cudnn-loaded')).toContainText('CPU-only build')
    await saveScreenshot(page, 'diagnosis-en')

    // Chinese: step titles, explanations, finding text and summaries.
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    for (const id of STEPS) await expect(page.getByTestId(`step-title-${id}`)).toContainText(stepsZh[`step.${id}.title`])
    await expect(finding.getByTestId('finding-message')).toHaveText(findingsZh['cpu-only-torch-build.message']!)
    await expect(finding.getByTestId('finding-fix')).toContainText(plain(findingsZh['cpu-only-torch-build.fix']))
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveText('失败')
    await expect(page.getByTestId('step-summary-gpu-visible')).toContainText('无法使用 GPU')
    await expect(page.getByTestId('step-summary-cudnn-loaded')).toHaveText(/^跳过：/)
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
      await expect(page.getByTestId(`step-card-${id}`)).toContainText('Not run yet.')
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
    await expect(page.getByTestId('progress-gpu-visible')).toHaveAttribute('data-state', 'running')
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
})
