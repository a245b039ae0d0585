import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'

/**
 * Names, units and identifiers that stay as they are in every language (product and library names,
 * commands and flags, units). A visible English phrase outside this list is an untranslated string.
 */
const KEPT = [
  'NVIDIA Container Toolkit',
  'GPU Doctor',
  'PyTorch',
  'NVIDIA',
  'GeForce',
  'CUDA',
  'cuDNN',
  'NCCL',
  'Docker',
  'Python',
  'Markdown',
  'GitHub',
  'English',
  'Conv2d',
  'TFLOP/s',
  'PCIe',
  'MIG',
  'Linux',
  'Windows',
  'Debian',
  'GNU',
  'Ubuntu',
  'torch',
  'runc',
  'containerd',
  'systemd',
  'cgroupfs',
  'cgroup',
  'bookworm',
  'vfs',
  'API',
  'UUID',
  'JSON',
  'dmon sm',
]

/** Visible text in <main> and the header with two or more English words in a row that are not kept names. */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate((kept) => {
    const found: string[] = []
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (['CODE', 'PRE', 'KBD', 'OPTION', 'SCRIPT', 'STYLE'].includes(e.tagName)) return true
        if (e.getAttribute('translate') === 'no' || e.getAttribute('lang') === 'en') return true
        if (e instanceof HTMLElement && (e.hidden || getComputedStyle(e).display === 'none' || getComputedStyle(e).visibility === 'hidden')) return true
      }
      return false
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      if (!/[A-Za-z]{3}/.test(text) || skip(node.parentElement)) continue
      let rest = text
      for (const k of kept) rest = rest.split(k).join(' ')
      // Paths, versions, tags, ids, flags and file names are data, not words.
      rest = rest.replace(/\S*[/\\:=._@<>{}[\]0-9-]\S*/g, ' ')
      if (/\b[A-Za-z]{3,}\b(?:[\s,;]+\b[A-Za-z]{2,}\b)+/.test(rest)) found.push(text.trim())
    }
    return [...new Set(found)]
  }, KEPT)
}

test.describe('Chinese everywhere', () => {
  test('no page shows an English phrase in the Chinese UI (monitor, diagnosis after a run, images, report)', async ({ page, served, pageProblems }) => {
    test.setTimeout(150_000)
    await page.goto(served.url)
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('gpu-panel-0')).toBeVisible()
    expect(await untranslated(page), 'monitor').toEqual([])

    await page.getByTestId('tab-diagnose').click()
    const python = page.locator('[data-path="/usr/bin/python3"]')
    await expect(python).toBeVisible({ timeout: 20_000 })
    await python.click()
    await page.getByTestId('run-all').click()
    await expect(page.getByTestId('headline')).toBeVisible({ timeout: 60_000 })
    for (const id of ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing']) {
      const toggle = page.getByTestId(`step-toggle-${id}`)
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
    }
    expect(await untranslated(page), 'diagnose').toEqual([])

    await page.getByTestId('tab-images').click()
    await expect(page.getByTestId('rec-pick')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('engine')).not.toHaveAttribute('data-state', 'checking', { timeout: 20_000 })
    await page.getByTestId('rec-result-alternatives').locator('summary').click()
    expect(await untranslated(page), 'images').toEqual([])

    await page.getByTestId('tab-report').click()
    await expect(page.getByTestId('page-report')).toBeVisible()
    await expect(page.getByTestId('history-entry').first()).toBeVisible({ timeout: 20_000 })
    expect(await untranslated(page), 'report').toEqual([])
    expect(pageProblems).toEqual([])
  })
})
