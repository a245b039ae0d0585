import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { expect, test } from './fixtures'
import { openSteps } from './helpers/diagnosis-page'

// A real 2×H100 diagnosis (probe 1.7) in which another process started working on GPU 1 a second into
// step 4: GPU 0's halves agree, GPU 1's fell from 680 to 584 TFLOP/s. Step 4's card shows each GPU's halves.
const RUN = resolve(import.meta.dirname, '..', 'test/fixtures/h100-x2-steadiness/gpu1-drops-midway.json')

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-steady-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(RUN, join(dir, 'history', '2026-11-27T02-00-00-000Z-midway.json'))
  return dir
}

const TEXT = {
  en: { steady: 'halves 699 / 682 TFLOP/s, 2.4 % apart', unsteady: 'halves 680 / 584 TFLOP/s, 15.1 % apart' },
  'zh-CN': { steady: '前后两半 699 / 682 TFLOP/s，相差 2.4 %', unsteady: '前后两半 680 / 584 TFLOP/s，相差 15.1 %' },
} as const

test.describe('a 2×H100 run where GPU 1 slowed down mid-load: each GPU\'s halves on step 4\'s card', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDir() } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`the steady GPU's halves plain, the unsteady one's marked (${lang})`, async ({ page, served, pageProblems }) => {
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('last-run')).toBeVisible()
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await openSteps(page, ['sm-utilisation'])
      const steady = page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-halves')
      const unsteady = page.getByTestId('ev-sm-gpu-1').getByTestId('ev-sm-halves')
      await expect(steady).toHaveText(TEXT[lang].steady)
      await expect(unsteady).toHaveText(TEXT[lang].unsteady)
      await expect(steady).not.toHaveClass(/tone-warn/)
      await expect(unsteady).toHaveClass(/tone-warn/)
      await expect(page.getByTestId('step-card-sm-utilisation').getByTestId('finding-gpu-throughput-unsteady')).toBeVisible()
      expect(pageProblems).toEqual([])
    })
  }
})
