import { resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'

// A Python that sleeps before it starts the probe (serve runs it: --python in the fixture).
const SLOW_PYTHON = resolve(import.meta.dirname, 'helpers/slow-python')

async function openDiagnose(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('tab-diagnose').click()
  await expect(page.getByTestId('page-diagnose')).toBeVisible()
}

async function runSlow(page: Page): Promise<void> {
  await page.getByTestId('interpreter-path').fill(SLOW_PYTHON)
  await expect(page.getByTestId('interpreter-other')).toBeChecked()
  await page.getByTestId('run-all').click()
  await expect(page.getByTestId('run-cancel')).toBeVisible()
}

test("a second window sees the first window's run, and its wait says who and since when in words (both languages)", async ({ page, served, pageProblems }) => {
  await openDiagnose(page, served.url)
  await runSlow(page)

  // Opened while the first window's run is under way (the probe's Python is asleep: maybe no event comes).
  const second = await page.context().newPage()
  await openDiagnose(second, served.url)
  await expect(second.getByTestId('other-run')).toHaveText(/^A diagnosis started (now|\d+ seconds? ago|1 minute ago) in another window is running(?: \(step \d: [^)]+\))?; its result goes to History\. A run started here waits for it\.$/)

  // A run started here waits for it, and says so without a PID or an ISO time.
  await runSlow(second)
  const stage = second.getByTestId('run-stage')
  await expect(stage).toHaveAttribute('data-stage', 'waiting-for-other-diagnosis')
  await expect(stage).toHaveText(/^Another diagnosis, started (now|\d+ seconds? ago|1 minute ago) in another window, is running; this one waits for it to finish/)
  await expect(stage).not.toContainText(/PID|\d{4}-\d\d-\d\dT/)
  await second.getByTestId('lang-switch').selectOption('zh-CN')
  await expect(stage).toContainText('在另一个窗口中启动）正在运行')

  await second.getByTestId('run-cancel').click()
  await expect(second.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')
  await expect(second.getByTestId('other-run')).toContainText('在另一个窗口中启动的诊断正在运行')
  await page.getByTestId('run-cancel').click()
  await expect(page.getByTestId('run-controls')).toHaveAttribute('data-phase', 'idle')
  // The first window's run is over: the second one no longer says it is running.
  await expect(second.getByTestId('other-run')).toHaveCount(0)
  expect(pageProblems).toEqual([])
})
