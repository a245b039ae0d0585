import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { expect, saveScreenshot, test } from './fixtures'
import { openSteps } from './helpers/diagnosis-page'

// A 2×H200 diagnosis where another process holds GPU 1's memory (test/fixtures/h200-x2-gpu1-full: the CLI's
// output for the probe output built there), saved to the history so the Diagnose page shows it: GPU 0 is
// measured in steps 4 and 5, GPU 1 is said not measured with why and what to run, and nothing claims that
// every GPU failed.
const ROOT = resolve(import.meta.dirname, '..')
const RUN = resolve(ROOT, 'test/fixtures/h200-x2-gpu1-full/diagnosis.json')

function dataDirWith(file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-gpu1-full-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(file, join(dir, 'history', '2026-12-07T18-56-50-000Z-gpu1full.json'))
  return dir
}

const TEXT = {
  en: { notMeasured: 'GPU 1 was not measured', measured: 'GPUs this step measured without it: 0.', step1: 'cannot use GPU 1 (steps 4–6 measure GPU 0 without it)', links: 'step 1 could not use GPU 1' },
  'zh-CN': { notMeasured: 'GPU 1 未被测量', measured: '本步骤在没有它的情况下测量的 GPU：0。', step1: '无法使用 GPU 1（第 4–6 步在没有它的情况下测量 GPU 0）', links: '第 1 步无法使用 GPU 1' },
} as const

test.describe('GPU 1 full, GPU 0 free: each GPU measured on its own', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDirWith(RUN) } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`steps 4 and 5 measure GPU 0 and name GPU 1 as not measured (${lang})`, async ({ page, served, pageProblems }) => {
      const text = TEXT[lang]
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('last-run')).toBeVisible()
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail')
      await expect(page.getByTestId('step-status-sm-utilisation')).toHaveAttribute('data-status', 'warn')
      await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'warn')
      await expect(page.getByTestId('step-status-gpu-links')).toHaveAttribute('data-status', 'skip')
      await expect(page.getByTestId('step-card-gpu-visible')).toContainText(text.step1)
      await expect(page.getByTestId('step-card-gpu-links')).toContainText(text.links)
      await openSteps(page, ['sm-utilisation', 'conv-timing'])
      await expect(page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-tflops')).toHaveText('665 TFLOP/s')
      await expect(page.getByTestId('ev-sm-gpu-1')).toHaveCount(0)
      const finding = page.getByTestId('step-card-sm-utilisation').getByTestId('finding-gpu-not-measured')
      await expect(finding).toContainText(text.notMeasured)
      await expect(finding).toContainText(text.measured)
      await expect(finding).toContainText('gpu-doctor diagnose --gpus 0')
      await expect(finding).toContainText('CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=0')
      // Step 5 would say the same words: it is said once, in step 4, and step 5 points there.
      await expect(page.getByTestId('step-card-conv-timing').getByTestId('finding-gpu-not-measured')).toHaveCount(0)
      await expect(page.getByTestId('step-card-conv-timing').getByTestId('finding-same-as-step')).toBeVisible()
      // The headline leads with a problem of this run, never one that says no GPU could be used.
      await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'fail')
      await saveScreenshot(page, `diagnosis-gpu1-full-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})
