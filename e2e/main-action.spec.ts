import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, startServe, stopServe, test } from './fixtures'

// The page's main action is what can be done now: never "Run the diagnosis" where it cannot run.
const empty = mkdtempSync(join(tmpdir(), 'gpu-doctor-bare-'))

test.describe('a computer with no driver and no Python', () => {
  test.use({
    extraEnv: {
      GPU_DOCTOR_NVIDIA_SMI: join(empty, 'nvidia-smi'),
      PATH: empty,
      HOME: empty,
      DOCKER_HOST: `unix://${join(empty, 'docker.sock')}`,
    },
  })

  test('offers Check again, not Run the diagnosis, and says what the diagnosis needs (both languages)', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('first-run-python')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('run-diagnosis-callout')).toHaveCount(0)
    await expect(page.getByTestId('run-diagnosis-cta')).toHaveCount(0)
    await expect(page.getByTestId('first-run-again')).toHaveClass(/button--primary/)
    await expect(page.getByTestId('first-run-needed')).toHaveText('The diagnosis needs the NVIDIA driver and a Python: fix what is marked ✗, then check again.')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('first-run-needed')).toContainText('诊断需要 NVIDIA 驱动和 Python')
    await expect(page.getByTestId('run-diagnosis-cta')).toHaveCount(0)
    expect(pageProblems).toEqual([])
  })
})

test('disconnected: no Run the diagnosis, and the status line does not say "Ready to diagnose" (both languages)', async ({ page }) => {
  const { child, served } = await startServe('h200-x1', {})
  try {
    await page.goto(served.url)
    await expect(page.getByTestId('run-diagnosis-cta')).toBeVisible()
    await expect(page.getByTestId('first-run-summary-text')).toHaveText('Ready to diagnose:')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('tab-monitor')).toHaveText('实时监控')
    await page.getByTestId('lang-switch').selectOption('en')
    await stopServe(child)
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'reconnecting')
    await expect(page.getByTestId('run-diagnosis-cta')).toHaveCount(0)
    await expect(page.getByTestId('first-run-summary-text')).toHaveText(/^Not connected to GPU Doctor \(see the message at the top\): nothing can be checked or run/)
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('first-run-summary-text')).toContainText('未连接到 GPU Doctor')
  } finally {
    await stopServe(child)
  }
})
