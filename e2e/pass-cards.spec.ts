import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { expect, saveScreenshot, test } from './fixtures'
import { openSteps } from './helpers/diagnosis-page'

// A healthy H200 run (saved before `gpu-power-capped-under-load` existed): steps 4 and 5 pass, and
// their cards say nothing that belongs to a failure.
const H200 = resolve(import.meta.dirname, 'data/diagnosis-h200.json')

function dataDirWith(file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-pass-'))
  mkdirSync(join(dir, 'history'))
  copyFileSync(file, join(dir, 'history', '2026-11-21T05-50-26-715Z-pass01.json'))
  return dir
}

test.describe('PASS cards do not contradict themselves', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: dataDirWith(H200) } })

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`a passing step 4 gives no failure advice and no Copy on a template; step 5's unjudged seed case says why (${lang})`, async ({ page, served, pageProblems }) => {
      await page.goto(`${served.url}#diagnose`)
      await expect(page.getByTestId('last-run')).toBeVisible()
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect(page.getByTestId('step-status-sm-utilisation')).toHaveAttribute('data-status', 'pass')
      await expect(page.getByTestId('step-status-conv-timing')).toHaveAttribute('data-status', 'pass')
      await openSteps(page, ['sm-utilisation', 'conv-timing'])
      const four = page.getByTestId('step-card-sm-utilisation')
      await expect(four.getByTestId('finding-gpu-power-capped-under-load')).toBeVisible()
      await expect(four.getByTestId('finding-gpu-clock-throttling')).toHaveCount(0)
      await expect(four).not.toContainText(lang === 'en' ? 'PSU' : '电源')
      // Every command offered for copying runs as copied: no `<default>` for the shell to read as a redirect.
      for (const text of await page.getByTestId('command-text').allTextContents()) expect(text, text).not.toMatch(/<[^\s<>]+>/)
      const five = page.getByTestId('step-card-conv-timing')
      const seed = five.getByTestId('ev-conv-seed')
      await expect(seed.getByTestId('ev-conv-ratio')).not.toHaveClass(/tone-(warn|bad)/)
      await expect(seed.getByTestId('ev-conv-expected')).toContainText(lang === 'en' ? 'not judged' : '不参与判定')
      await expect(five.getByTestId('ev-conv-representative').getByTestId('ev-conv-expected')).toContainText(lang === 'en' ? 'expected 2–5×' : '预期 2–5 倍')
      await four.scrollIntoViewIfNeeded()
      await saveScreenshot(page, `pass-cards-${lang}`)
      expect(pageProblems).toEqual([])
    })
  }
})
