import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'

import { expect, type Page } from '@playwright/test'

import { SCREENSHOTS } from '../fixtures'

/** Opens the given step cards of the Diagnose page (a passing step is folded). */
export async function openSteps(page: Page, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const card = page.getByTestId(`step-card-${id}`)
    if ((await card.getAttribute('data-open')) !== 'true') await page.getByTestId(`step-toggle-${id}`).click()
    await expect(card).toHaveAttribute('data-open', 'true')
  }
}

/** A picture of steps `from` to `to` of the Diagnose page (the whole height, however long), from the top of the first card to the bottom of the last. */
export async function screenshotSteps(page: Page, name: string, dir = SCREENSHOTS, from = 'sm-utilisation', to = 'gpu-links'): Promise<string> {
  const box = await page.evaluate(
    ([a, b]) => {
      const top = document.querySelector(`[data-testid="step-card-${a}"]`)!.getBoundingClientRect()
      const bottom = document.querySelector(`[data-testid="step-card-${b}"]`)!.getBoundingClientRect()
      return { y: top.top + window.scrollY, bottom: bottom.bottom + window.scrollY, width: document.documentElement.clientWidth }
    },
    [from, to],
  )
  await mkdir(dir, { recursive: true })
  const path = resolve(dir, `${name}.png`)
  const y = Math.max(0, box.y - 1)
  await page.screenshot({ path, fullPage: true, clip: { x: 0, y, width: box.width, height: box.bottom + 1 - y } })
  return path
}
