import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { expect, test } from './fixtures'

/** Debian's python3-torch: a real, CPU-only PyTorch. */
const TORCH_PYTHON = '/usr/bin/python3'

test.describe('a history that cannot be written', () => {
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: '/proc/nope' } })

  test('the diagnosis shows, and the Diagnose page says it was not saved and why, in English and Chinese', async ({ page, served, pageProblems }) => {
    await page.goto(`${served.url}#diagnose`)
    const option = page.locator(`[data-path="${TORCH_PYTHON}"]`)
    await expect(option).toBeVisible({ timeout: 20_000 })
    await option.click()
    await page.getByTestId('step-run-gpu-visible').click()
    await expect(page.getByTestId('step-status-gpu-visible')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 })
    const notice = page.getByTestId('save-notice')
    await expect(notice).toHaveAttribute('data-reason', 'cannot-create-folder')
    await expect(notice).toContainText('This diagnosis was not saved to the history: the folder cannot be created there (/proc/nope/history)')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(notice).toContainText('本次诊断没有保存到历史记录：无法在该位置创建文件夹（/proc/nope/history）')
    expect(pageProblems).toEqual([])
  })
})

test.describe('a history with a damaged entry', () => {
  const data = mkdtempSync(join(tmpdir(), 'gpu-doctor-e2e-damaged-'))
  mkdirSync(join(data, 'history'))
  const good = readFileSync(resolve(import.meta.dirname, 'data/diagnosis-h200.json'), 'utf8')
  writeFileSync(join(data, 'history', '2026-11-20T10-00-00-000Z-aaaaaa.json'), good)
  writeFileSync(join(data, 'history', '2026-11-21T10-00-00-000Z-bbbbbb.json'), good.slice(0, 2000))
  writeFileSync(join(data, 'settings.json'), '{"historyLimit": 50}')
  test.use({ extraEnv: { GPU_DOCTOR_DATA_DIR: data } })

  test('the Report page lists the readable entry, names the damaged one with why, and says how many it keeps', async ({ page, served, pageProblems }) => {
    await page.goto(`${served.url}#report`)
    await expect(page.getByTestId('history-entry')).toHaveCount(1)
    await expect(page.getByTestId('history-unreadable')).toContainText('1 saved diagnosis could not be read and is not listed:')
    await expect(page.getByTestId('history-unreadable-entry')).toHaveText('2026-11-21T10-00-00-000Z-bbbbbb: the file is cut short')
    await expect(page.getByTestId('history-keeps')).toContainText('keeps the newest 50 diagnoses')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('history-unreadable-entry')).toHaveText('2026-11-21T10-00-00-000Z-bbbbbb：文件不完整（被截断）')
    expect(pageProblems).toEqual([])
  })
})
