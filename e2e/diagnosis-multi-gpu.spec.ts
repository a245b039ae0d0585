import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { expect, SCREENSHOTS, saveScreenshot, test } from './fixtures'
import { openSteps, screenshotSteps } from './helpers/diagnosis-page'

// Two real 2×H100 diagnoses with step 6 (issue 24), saved to the history so the Diagnose page shows
// them as the last result: all GPUs idle, and GPU 0 kept busy by another process.
const ROOT = resolve(import.meta.dirname, '..')
const ALL_IDLE = resolve(ROOT, 'test/fixtures/h100-x2-issue23/all-idle-diagnosis.json')
const GPU0_BUSY = resolve(ROOT, 'docs/verification/issues-23-24-speed-h100-x2/rerun/gpu0-busy.json')

function dataDirWith(file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-x2-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(file, join(dir, 'history', '2026-11-26T15-00-00-000Z-x2run.json'))
  return dir
}

const TEXT = {
  en: { copy: (c: string) => `${c} of 450 GB/s`, busbw: (b: string) => `NCCL all-reduce: ${b} GB/s bus bandwidth (the links allow 450 GB/s)`, busy: 'busy with another process' },
  'zh-CN': { copy: (c: string) => `${c} / 450 GB/s`, busbw: (b: string) => `NCCL all-reduce：总线带宽 ${b} GB/s（互联允许 450 GB/s）`, busy: '正被其他进程占用' },
} as const

async function openRun(page: Page, url: string, lang: 'en' | 'zh-CN'): Promise<void> {
  // Whether the answer's title ever takes the focus (checked at the end: an effect may move it late).
  await page.addInitScript(() => {
    document.addEventListener('focusin', (e) => {
      if ((e.target as HTMLElement).dataset?.testid === 'headline-title') (window as { headlineFocused?: boolean }).headlineFocused = true
    })
  })
  await page.goto(`${url}#diagnose`)
  await expect(page.getByTestId('last-run')).toBeVisible()
  if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
  await expect(page.getByTestId('step-status-gpu-links')).toHaveAttribute('data-status', /^(pass|warn)$/)
  await openSteps(page, ['sm-utilisation', 'conv-timing', 'gpu-links'])
}

/** Two boxes on one row, the first left of the second: what "side by side" looks like. */
async function expectSideBySide(page: Page, left: string, right: string): Promise<void> {
  const a = (await page.getByTestId(left).boundingBox())!
  const b = (await page.getByTestId(right).boundingBox())!
  expect(Math.abs(a.y - b.y), `${left} and ${right} start on one row`).toBeLessThan(4)
  expect(a.x + a.width, `${left} ends before ${right} starts`).toBeLessThanOrEqual(b.x + 1)
}

/** Each step's title beside its number, as big as a title (no page's card heading style applied to it). */
async function expectTitlesBesideNumbers(page: Page): Promise<void> {
  for (const id of ['gpu-visible', 'sm-utilisation', 'gpu-links']) {
    const card = page.getByTestId(`step-card-${id}`)
    const number = (await card.locator('.step__number').boundingBox())!
    const title = (await page.getByTestId(`step-title-${id}`).boundingBox())!
    expect(Math.abs(number.y + number.height / 2 - (title.y + title.height / 2)), `step ${id}: title level with its number`).toBeLessThan(6)
    expect(await page.getByTestId(`step-title-${id}`).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(15)
  }
}

/** axe-core on the page with steps 4–6 open: no serious or critical violation (contrast of the marks and bars included). */
async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)
  expect(serious).toEqual([])
}

/** No text of step 4–6 sticks out of its card (cut off or spilling over the page). */
async function expectNothingOverflows(page: Page): Promise<void> {
  for (const id of ['sm-utilisation', 'conv-timing', 'gpu-links']) {
    const spill = await page.getByTestId(`step-card-${id}`).evaluate((card) => {
      const edge = card.getBoundingClientRect().right
      return [...card.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > edge + 1 || (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.tagName !== 'PRE'))
        .map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 60)}`)
    })
    expect(spill, `step ${id} overflows`).toEqual([])
  }
}

test.describe('a 2×H100 run, all GPUs idle: the links matrix and the GPUs side by side', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDirWith(ALL_IDLE) } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`both directions with GB/s, NCCL's bus bandwidth, TFLOP/s per GPU (${lang})`, async ({ page, served, pageProblems }) => {
      const text = TEXT[lang]
      await openRun(page, served.url, lang)
      await saveScreenshot(page, `diagnosis-h100-x2-${lang}`)
      // Step 6: both directions of the pair, their path, peer access and copy bandwidth against the link.
      const matrix = page.getByTestId('ev-links-matrix')
      await expect(matrix).toBeVisible()
      await expect(matrix.getByTestId('ev-links-0-1')).toContainText('NV18')
      await expect(matrix.getByTestId('ev-links-0-1')).toContainText(text.copy('368.2'))
      await expect(matrix.getByTestId('ev-links-1-0')).toContainText(text.copy('374.4'))
      await expect(page.getByTestId('ev-links-nccl')).toContainText(text.busbw('293.0'))
      // Steps 4 and 5: each GPU's numbers beside the other's.
      await expect(page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-tflops')).toHaveText('679 TFLOP/s')
      await expect(page.getByTestId('ev-sm-gpu-1').getByTestId('ev-sm-tflops')).toHaveText('694 TFLOP/s')
      await expectSideBySide(page, 'ev-sm-gpu-0', 'ev-sm-gpu-1')
      await expectSideBySide(page, 'ev-links-gpu-0', 'ev-links-gpu-1')
      // Against what an H100 should reach, with the sign: GPU 0 at 679 of 678 TFLOP/s is +0.1 %.
      await expect(page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-expected')).toContainText(/678 TFLOP\/s.*\+0\.1 %$/)
      await expect(page.getByTestId('ev-conv-gpu-0')).toContainText('0.503 ms')
      await expect(page.getByTestId('ev-conv-gpu-1')).toContainText('0.491 ms')
      await expect(page.getByTestId('ev-sm-busy')).toHaveCount(0)
      await expectNothingOverflows(page)
      await expectTitlesBesideNumbers(page)
      // A saved result shown after a reload is not a run that just finished: the focus stays put.
      expect(await page.evaluate(() => (window as { headlineFocused?: boolean }).headlineFocused ?? false)).toBe(false)
      await page.setViewportSize({ width: 900, height: 700 })
      await expectSideBySide(page, 'ev-sm-gpu-0', 'ev-sm-gpu-1')
      await expectNothingOverflows(page)
      await screenshotSteps(page, `diagnosis-h100-x2-steps-900x700-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})

test.describe('a 2×H100 run with GPU 0 busy: the busy GPU is marked', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDirWith(GPU0_BUSY) } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`GPU 0 is marked busy in steps 4, 5 and 6, GPU 1 is not (${lang})`, async ({ page, served, pageProblems }) => {
      const text = TEXT[lang]
      await openRun(page, served.url, lang)
      await screenshotSteps(page, `diagnosis-h100-x2-busy-${lang}`)
      await expect(page.getByTestId('step-status-gpu-links')).toHaveAttribute('data-status', 'warn')
      await expect(page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-busy')).toContainText(text.busy)
      await expect(page.getByTestId('ev-sm-gpu-1').getByTestId('ev-sm-busy')).toHaveCount(0)
      await expect(page.getByTestId('ev-sm-gpu-0').getByTestId('ev-sm-tflops')).toHaveText('309 TFLOP/s')
      await expect(page.getByTestId('ev-sm-gpu-1').getByTestId('ev-sm-tflops')).toHaveText('695 TFLOP/s')
      await expect(page.getByTestId('ev-conv-gpu-0')).toContainText(text.busy)
      await expect(page.getByTestId('ev-conv-gpu-1')).not.toContainText(text.busy)
      await expect(page.getByTestId('ev-links-gpu-0').getByTestId('ev-links-busy')).toContainText(text.busy)
      await expect(page.getByTestId('ev-links-gpu-1').getByTestId('ev-links-busy')).toHaveCount(0)
      await expect(page.getByTestId('ev-links-nccl')).toContainText(text.busbw('130.6'))
      await expect(page.getByTestId('step-card-gpu-links').getByTestId('finding-links-measured-while-busy')).toBeVisible()
      // The headline names first what spoils the most: the busy GPU (steps 4–6), not NCCL_NVLS_ENABLE (NCCL only).
      const findings = lang === 'en' ? findingsEn : findingsZh
      await expect(page.getByTestId('headline-title')).toContainText(findings['gpu-contended.title']!)
      await expect(page.getByTestId('headline-title')).not.toContainText('NCCL_NVLS_ENABLE')
      await expect(page.getByTestId('step-card-gpu-visible').getByTestId('finding-env-nccl-nvls-enable')).toContainText(lang === 'en' ? "slows NCCL's collectives down" : '拖慢了 NCCL 集合通信')
      await page.getByTestId('headline').screenshot({ path: resolve(SCREENSHOTS, `headline-h100-x2-busy-${lang}.png`) })
      await expectNothingOverflows(page)
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await expectNoSeriousAxeViolation(page)
      }
      expect(pageProblems).toEqual([])
    })
  }
})
