import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, saveScreenshot, test as base } from './fixtures'

// A real process (a node busy loop: one thread at a full core) that the fake nvidia-smi lists on
// GPU 0 with 2300 MiB and 40 % SM; its dmon stream keeps SM near 40 %: the GPU waits on the Python side.
// Started by a fixture of the test that uses it, and killed when that test ends, passed or not:
// Playwright loads this file in every worker, so nothing may start at module load. The loop also
// ends itself if its parent (the worker) dies first.
const BUSY_LOOP = 'const p = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== p) process.exit(1)'
const DMON_LINES = [
  '# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci',
  '# Idx      %      %      %      %      %      %   MB/s   MB/s',
  '    0     38      1      0      0      0      0     20     15',
  '    0     42      1      0      0      0      0     22     11',
  '',
]

const test = base.extend<{ job: ChildProcess }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  job: async ({}, use) => {
    const child = spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    try {
      await use(child)
    } finally {
      child.kill('SIGKILL')
      await exited
    }
  },
  extraEnv: async ({ job }, use) => {
    const dmon = join(mkdtempSync(join(tmpdir(), 'gd-e2e-watch-')), 'dmon.txt')
    writeFileSync(dmon, DMON_LINES.join('\n'))
    await use({ FAKE_SMI_APP_PIDS: `${job.pid}:0:2300:40`, FAKE_SMI_DMON: dmon, FAKE_SMI_DMON_MS: '150' })
  },
})

test.describe('watch a running job from the process table', () => {
  test('the row shows the process; Watch shows progress and can be cancelled; in Chinese the verdict, evidence and fix', async ({ page, served, pageProblems, job }) => {
    test.setTimeout(60_000)
    await page.goto(served.url)
    const row = page.getByTestId(`process-${job.pid}`)
    await expect(row).toBeVisible()
    await expect(row).toContainText('node -e const p = process.ppid;')
    await expect(row).toContainText('40 %')
    await expect(row).toContainText('2,300 MiB')

    await page.getByTestId(`watch-${job.pid}`).click()
    await expect(page.getByTestId('watch-dialog')).toBeVisible()
    await expect(page.getByTestId('watch-progress')).toContainText(/\d+ of 30 s/)
    await page.getByTestId('watch-cancel').click()
    await expect(page.getByTestId('watch-error')).toHaveText('Cancelled: no verdict.')
    await page.getByTestId('watch-close').click()
    await expect(page.getByTestId('watch-dialog')).toHaveCount(0)

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await page.getByTestId('watch-seconds-0').selectOption('10')
    await page.getByTestId(`watch-${job.pid}`).click()
    await expect(page.getByTestId('watch-progress')).toContainText(/\/ 10 秒/)
    const verdict = page.getByTestId('watch-verdict')
    await expect(verdict).toHaveAttribute('data-verdict', 'launch-bound', { timeout: 20_000 })
    await expect(verdict).toContainText('GPU 在等 Python 端')
    await expect(page.getByTestId('watch-evidence')).toContainText('2300 MiB')
    await expect(page.getByTestId('finding-launch-bound-small-kernels')).toContainText('torch.compile')
    await expect(page.getByTestId('watch-close')).toBeFocused()
    await saveScreenshot(page, 'watch-zh')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('watch-dialog')).toHaveCount(0)
    expect(pageProblems).toEqual([])
  })

  test('the keyboard: focus goes into the dialog, stays there, and Escape returns it to the Watch button', async ({ page, served, job }) => {
    await page.goto(served.url)
    const opener = page.getByTestId(`watch-${job.pid}`)
    await opener.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('watch-dialog')).toBeVisible()
    await expect(page.getByTestId('watch-cancel')).toBeFocused()
    // Tab cycles inside the modal dialog: Cancel → Close → Cancel.
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('watch-close')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('watch-cancel')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('watch-dialog')).toHaveCount(0)
    await expect(opener).toBeFocused()
  })
})
