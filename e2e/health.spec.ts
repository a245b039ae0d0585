import { delimiter, resolve } from 'node:path'

import type { Page } from '@playwright/test'

import { findingsEn, findingsZh } from '../src/shared/i18n/findings'
import { problemsEn, problemsZh } from '../src/shared/i18n/problems'
import { expect, saveScreenshot, test } from './fixtures'

/** A stand-in dmesg and journalctl first on PATH: the card reads their kernel log, not the test machine's. */
const KERNEL_LOG = resolve(import.meta.dirname, '../test/helpers/fake-kernel-log')
const withKernelLog = (extra: Record<string, string> = {}) => ({ PATH: `${KERNEL_LOG}${delimiter}${process.env.PATH ?? ''}`, ...extra })

async function openDiagnose(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#diagnose`)
  await expect(page.getByTestId('page-diagnose')).toBeVisible()
}

/** Requests of health:check the page sends. */
function countChecks(page: Page): () => number {
  let n = 0
  page.on('request', (r) => {
    if (/\/api\/invoke\/health(%3A|:)check/i.test(r.url())) n++
  })
  return () => n
}

test.describe('hardware health before step 1 (fake H200)', () => {
  test.use({ extraEnv: withKernelLog() })

  test('no problem: one folded line with the kernel log, each GPU on one line when opened (Gen 5), in English and Chinese', async ({ page, served, pageProblems }) => {
    const checks = countChecks(page)
    await openDiagnose(page, served.url)
    const card = page.getByTestId('health')
    await expect(card).toHaveAttribute('data-verdict', 'pass', { timeout: 20_000 })
    // Below the interpreter setup, above step 1.
    const order = await page.evaluate(() => {
      const at = (id: string) => document.querySelector(`[data-testid="${id}"]`)!
      const follows = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      return [follows(at('diagnose'), at('health')), follows(at('health'), at('step-card-gpu-visible'))]
    })
    expect(order).toEqual([true, true])

    await expect(page.getByTestId('health-status')).toHaveAttribute('data-status', 'pass')
    await expect(card).toHaveAttribute('data-open', 'false')
    await expect(page.getByTestId('health-summary')).toContainText('No hardware problem on 1 GPU')
    await expect(page.getByTestId('health-log')).toHaveText('Kernel log: 0 Xid events, read with dmesg --ctime')
    await expect(page.getByTestId('health-gpu-0')).toHaveCount(0)

    await page.getByTestId('health-toggle').click()
    await expect(card).toHaveAttribute('data-open', 'true')
    const gpu = page.getByTestId('health-gpu-0')
    await expect(gpu).toContainText('GPU 0')
    await expect(gpu).toContainText('NVIDIA H200')
    await expect(page.getByTestId('health-gpu-0-pcie')).toHaveText('PCIe Gen 5/5 x16/16')
    await expect(page.getByTestId('health-gpu-0-ecc')).toHaveText('Uncorrectable ECC: 0')
    await expect(page.getByTestId('health-gpu-0-remap')).toHaveText('Row remap: 0')
    await expect(page.getByTestId('health-gpu-0-persistence')).toHaveText('Persistence: On')
    await expect(page.getByTestId('health-gpu-0-power')).toHaveText('Power limit 700 W (default 700 W)')
    await expect(page.getByTestId('health-gpu-0-mig')).toHaveText('MIG: Off')
    for (const fact of ['pcie', 'ecc', 'remap', 'persistence', 'power', 'mig']) await expect(page.getByTestId(`health-gpu-0-${fact}`)).toHaveAttribute('data-tone', 'normal')
    await expect(card.getByTestId('findings')).toHaveCount(0)
    await expect(card.getByTestId('health-error')).toHaveCount(0)
    await saveScreenshot(page, 'health-h200-en')

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('health-summary')).toContainText('1 块 GPU 均未发现硬件问题')
    await expect(page.getByTestId('health-log')).toHaveText('内核日志：0 个 Xid 事件，读取自 dmesg --ctime')
    await expect(page.getByTestId('health-gpu-0-pcie')).toHaveText('PCIe Gen 5/5 x16/16')
    await expect(page.getByTestId('health-gpu-0-persistence')).toHaveText('持久模式：开启')
    await expect(page.getByTestId('health-recheck')).toHaveText('重新检查')
    await expect(card).not.toContainText('No hardware problem')
    await saveScreenshot(page, 'health-h200-zh')

    // Once per visit of the app, again on "Check again".
    await page.getByTestId('tab-monitor').click()
    await page.getByTestId('tab-diagnose').click()
    await expect(card).toHaveAttribute('data-verdict', 'pass')
    expect(checks()).toBe(1)
    await page.getByTestId('health-recheck').click()
    await expect.poll(checks).toBe(2)
    await expect(card).toHaveAttribute('data-verdict', 'pass')
    await expect(page.getByTestId('health-recheck')).toBeEnabled()

    // "Check under load" was asked for: its answer stays open, whatever it says.
    await page.getByTestId('health-toggle').click()
    await page.getByTestId('health-under-load').click()
    await expect(page.getByTestId('health-load')).not.toHaveAttribute('data-applied', 'none', { timeout: 60_000 })
    await expect(card).toHaveAttribute('data-open', 'true')
    expect(pageProblems).toEqual([])
  })
})

test.describe('hardware health with an Xid 79 in the kernel log', () => {
  test.use({ extraEnv: withKernelLog({ FAKE_DMESG_TEXT: "[  812.1] NVRM: Xid (PCI:0000:00:06): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." }) })

  test('opens with FAIL and the finding with its fix, in both languages', async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    const card = page.getByTestId('health')
    await expect(card).toHaveAttribute('data-verdict', 'fail', { timeout: 20_000 })
    await expect(card).toHaveAttribute('data-open', 'true')
    await expect(page.getByTestId('health-summary')).toContainText('1 hardware problem on 1 GPU')
    const finding = card.getByTestId('finding-gpu-fallen-off-bus')
    await expect(finding).toHaveAttribute('data-severity', 'error')
    await expect(finding).toContainText(findingsEn['gpu-fallen-off-bus.title']!)
    await expect(finding.getByTestId('finding-fix')).toBeVisible()
    await expect(page.getByTestId('health-gpu-0-pcie')).toHaveText('PCIe Gen 5/5 x16/16')
    await saveScreenshot(page, 'health-xid-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(finding).toContainText(findingsZh['gpu-fallen-off-bus.title']!)
    await expect(page.getByTestId('health-summary')).toContainText('1 块 GPU 上发现 1 个硬件问题')
    expect(pageProblems).toEqual([])
  })
})

test.describe('hardware health without a driver', () => {
  test.use({ scenario: 'missing-driver', extraEnv: withKernelLog() })

  test("shows the problem's message and fix in the card, in both languages", async ({ page, served, pageProblems }) => {
    await openDiagnose(page, served.url)
    const card = page.getByTestId('health')
    await expect(card).toHaveAttribute('data-verdict', 'fail', { timeout: 20_000 })
    await expect(card.getByTestId('health-problem')).toHaveAttribute('data-code', 'driver-not-loaded')
    await expect(card.getByTestId('health-error')).toHaveText(problemsEn['problem.driverNotLoaded'])
    await expect(card).toContainText(problemsEn['problem.driverNotLoaded.fix'])
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(card.getByTestId('health-error')).toHaveText(problemsZh['problem.driverNotLoaded'])
    await expect(card).toContainText(problemsZh['problem.driverNotLoaded.fix'])
    expect(pageProblems).toEqual([])
  })
})
