import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, sampleCount, test } from './fixtures'
import { openSteps, screenshotSteps } from './helpers/diagnosis-page'

// Every picture in the README, made again from the same inputs: replayed nvidia-smi captures and
// real diagnoses saved to the history (an H200, Debian's CPU-only PyTorch, a 2×H100 with step 6).
// Each at 1280×800 (the README's), then at 900×700 (-900x700) to look at a small window too.
// Off by default (slow, asserts little): GPU_DOCTOR_DOCS_SCREENSHOTS=1 npx playwright test docs
// The committed PNGs were then shrunk with `pngquant --quality 80-98 --ext .png --force docs/screenshots/*.png` (Debian's pngquant; optional).
const ROOT = resolve(import.meta.dirname, '..')
const DOCS = resolve(ROOT, 'docs/screenshots')
const SMALL = { width: 900, height: 700 }
const H200_INTERPRETERS: unknown = JSON.parse(readFileSync(resolve(ROOT, 'e2e/data/interpreters-h200.json'), 'utf8'))

/** A data directory whose history holds these saved diagnoses, oldest first. */
function historyOf(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-docs-'))
  mkdirSync(join(dir, 'history'))
  files.forEach((file, i) => copyFileSync(resolve(ROOT, file), join(dir, 'history', `2026-11-2${i}T10-00-00-000Z-docs0${i}.json`)))
  return dir
}

/** The whole page, as the README shows it. */
async function shot(page: Page, name: string): Promise<void> {
  await mkdir(DOCS, { recursive: true })
  await page.screenshot({ path: resolve(DOCS, `${name}.png`), fullPage: true })
}

/** The same page at 900×700, then back to 1280×800. */
async function shotSmall(page: Page, name: string): Promise<void> {
  await page.setViewportSize(SMALL)
  await shot(page, `${name}-900x700`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * The page as `${name}-en`, then dark (`-en-dark`), then in Chinese (`-zh`), each at 1280×800 and 900×700;
 * `zhShown` is a text of this page in Chinese, so the picture waits for the lazy catalog; `zhSettled`, what else
 * must have redrawn in Chinese. Ends in English, light.
 */
async function shotThemesAndLanguages(page: Page, name: string, zhShown: { testId: string; text: string }, zhSettled?: () => Promise<void>): Promise<void> {
  await shot(page, `${name}-en`)
  await shotSmall(page, `${name}-en`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, `${name}-en-dark`)
  await shotSmall(page, `${name}-en-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByTestId('lang-switch').selectOption('zh-CN')
  await expect(page.getByTestId('tab-diagnose')).toHaveText('诊断')
  await expect(page.getByTestId(zhShown.testId)).toContainText(zhShown.text)
  await zhSettled?.()
  // No focus ring on the language switch in the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await shot(page, `${name}-zh`)
  await shotSmall(page, `${name}-zh`)
  await page.getByTestId('lang-switch').selectOption('en')
}

/** The Diagnose page once its hardware check and the interpreter search have answered (no spinner in the picture). */
async function healthAnswered(page: Page): Promise<void> {
  await expect(page.getByTestId('health-status')).toHaveAttribute('data-status', /^(pass|warn|fail)$/, { timeout: 20_000 })
  await expect(page.getByTestId('run-all')).toBeEnabled({ timeout: 30_000 })
}

/** The H200's interpreter list (that machine's), so the Diagnose page shows the Python the saved run used. */
async function h200Interpreters(page: Page): Promise<void> {
  await page.route(/\/api\/invoke\/diagnosis(%3A|:)list-interpreters/i, (route) => route.fulfill({ json: { ok: true, value: H200_INTERPRETERS } }))
}

test.describe('README screenshots', () => {
  test.skip(!process.env.GPU_DOCTOR_DOCS_SCREENSHOTS, 'set GPU_DOCTOR_DOCS_SCREENSHOTS=1 to refresh docs/screenshots')
  test.use({ viewport: { width: 1280, height: 800 } })

  test('live panel with a load in its history', async ({ page, served, pageProblems }) => {
    // The fake nvidia-smi replays a real H200 capture in which a convolution load starts about 16
    // samples in, so the charts need ~35 s of history to show it.
    test.setTimeout(120_000)
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    await expect.poll(() => sampleCount(page), { timeout: 90_000, intervals: [1000] }).toBeGreaterThanOrEqual(36)
    await expect(page.getByTestId('gpu-util-0')).toHaveText(/^\d+ %$/)
    await shotThemesAndLanguages(page, 'live-panel', { testId: 'history-window', text: '历史' })
    expect(pageProblems).toEqual([])
  })

  test.describe('eight GPUs', () => {
    test.use({ scenario: 'h200-x8-synthetic' })
    test('the dense live panel', async ({ page, served, pageProblems }) => {
      test.setTimeout(90_000)
      await page.goto(served.url)
      await expect(page.getByTestId('gpu-grid')).toHaveAttribute('data-layout', 'dense')
      for (let i = 0; i < 8; i++) await expect(page.getByTestId(`gpu-util-${i}`)).toHaveText(/^\d+ %$/)
      // Enough history for the sparklines to show a line.
      await expect.poll(() => sampleCount(page), { timeout: 60_000, intervals: [1000] }).toBeGreaterThanOrEqual(20)
      await shotThemesAndLanguages(page, 'live-8gpu', { testId: 'history-window', text: '历史' })
      expect(pageProblems).toEqual([])
    })
  })

  test.describe('a healthy H200', () => {
    test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: historyOf('e2e/data/diagnosis-h200.json') } })
    test('the answer first, passing steps folded (English and Chinese)', async ({ page, served, pageProblems }) => {
      await h200Interpreters(page)
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'pass')
      await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'pass')
      await healthAnswered(page)
      await shot(page, 'diagnosis-en')
      await shotSmall(page, 'diagnosis-en')
      await page.getByTestId('lang-switch').selectOption('zh-CN')
      await expect(page.getByTestId('tab-diagnose')).toHaveText('诊断')
      await shot(page, 'diagnosis-zh')
      await shotSmall(page, 'diagnosis-zh')
      expect(pageProblems).toEqual([])
    })
  })

  test.describe("Debian's CPU-only PyTorch", () => {
    test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: historyOf('e2e/data/diagnosis-debian-cpu-torch.json') } })
    test('the problem, its fix with a Copy button, and the evidence', async ({ page, served, pageProblems }) => {
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('headline')).toHaveAttribute('data-verdict', 'fail')
      await expect(page.getByTestId('step-card-gpu-visible')).toHaveAttribute('data-open', 'true')
      await healthAnswered(page)
      await shot(page, 'diagnosis-problem-en')
      await shotSmall(page, 'diagnosis-problem-en')
      expect(pageProblems).toEqual([])
    })
  })

  for (const [name, file] of [
    ['diagnosis-links', 'test/fixtures/h100-x2-issue23/all-idle-diagnosis.json'],
    ['diagnosis-links-busy', 'docs/verification/issues-23-24-speed-h100-x2/rerun/gpu0-busy.json'],
  ] as const) {
    test.describe(`2×H100: ${name}`, () => {
      test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: historyOf(file) } })
      test('steps 4–6: the GPUs side by side and the links matrix (English and Chinese)', async ({ page, served, pageProblems }) => {
        await page.goto(`${served.url}#diagnose`)
        await expect(page.getByTestId('step-status-gpu-links')).toHaveAttribute('data-status', /^(pass|warn)$/)
        await openSteps(page, ['sm-utilisation', 'conv-timing', 'gpu-links'])
        for (const lang of ['en', 'zh'] as const) {
          if (lang === 'zh') await page.getByTestId('lang-switch').selectOption('zh-CN')
          await expect(page.getByTestId('ev-links-matrix')).toBeVisible()
          // No focus ring or hover from the last "Show details" click in the picture.
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
          await page.mouse.move(0, 0)
          await screenshotSteps(page, `${name}-${lang}`, DOCS)
          if (lang === 'en' && name === 'diagnosis-links') {
            // The bars and marks in the dark theme too.
            await page.emulateMedia({ colorScheme: 'dark' })
            await screenshotSteps(page, `${name}-${lang}-dark`, DOCS)
            await page.emulateMedia({ colorScheme: 'light' })
          }
          await page.setViewportSize(SMALL)
          await screenshotSteps(page, `${name}-${lang}-900x700`, DOCS)
          await page.setViewportSize({ width: 1280, height: 800 })
        }
        expect(pageProblems).toEqual([])
      })
    })
  }

  test('Images page: the recommendation, the engine, local images', async ({ page, served, pageProblems }) => {
    test.setTimeout(90_000)
    await page.goto(`${served.url}#images`)
    await expect(page.getByTestId('rec-pick')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('engine')).toHaveAttribute('data-state', /^(up|down|unknown)$/, { timeout: 20_000 })
    await expect(page.getByTestId('local-images').or(page.getByTestId('local-images-no-engine'))).toBeVisible()
    await expect(page.getByTestId('local-images')).not.toHaveAttribute('aria-busy', 'true')
    await shotThemesAndLanguages(page, 'images', { testId: 'page-images', text: '本机镜像' })
    expect(pageProblems).toEqual([])
  })

  test.describe('two saved H200 diagnoses', () => {
    test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: historyOf('docs/verification/issue-3-h200/diagnose.json', 'docs/verification/issue-3-h200/diagnose-disable-cudnn.json') } })
    test('Report page: export with redaction preview, history, fleet', async ({ page, served, pageProblems }) => {
      test.setTimeout(90_000)
      await page.goto(`${served.url}#report`)
      await expect(page.getByTestId('page-report')).toBeVisible()
      await expect(page.frameLocator('[data-testid="export-rendered"]').locator('h1')).toHaveText('GPU Doctor report')
      await shotThemesAndLanguages(page, 'report', { testId: 'page-report', text: '导出报告' }, async () => {
        // The preview is rendered again in the reader's language.
        await expect(page.frameLocator('[data-testid="export-rendered"]').locator('h1')).toHaveText('GPU Doctor 诊断报告')
        await expect(page.getByTestId('export')).toHaveAttribute('aria-busy', 'false')
      })
      expect(pageProblems).toEqual([])
    })
  })
})
