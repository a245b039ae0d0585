import { expect, test } from './fixtures'

// How soon the first GPU numbers are on screen after the first paint, with the replaying
// nvidia-smi (the live stream starts at once, beside the slower first GPU state read).
for (const lang of ['en', 'zh-CN'] as const) {
  test(`the first GPU numbers follow the first paint within 1 s (${lang})`, async ({ page, served }) => {
    await page.addInitScript((language) => {
      localStorage.setItem('gpu-doctor.language', language)
      const w = window as unknown as { __numbersAt?: number }
      const check = () => {
        const text = document.querySelector('[data-testid="gpu-util-0"]')?.textContent ?? ''
        if (w.__numbersAt === undefined && /\d/.test(text)) w.__numbersAt = performance.now()
      }
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
    }, lang)
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-util-0')).toHaveText(/^\d+ %$/, { timeout: 20_000 })
    const { paint, numbers } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      numbers: (window as unknown as { __numbersAt?: number }).__numbersAt ?? null,
    }))
    expect(paint).not.toBeNull()
    expect(numbers).not.toBeNull()
    const after = numbers! - paint!
    console.log(`first paint ${Math.round(paint!)} ms, first GPU numbers ${Math.round(numbers!)} ms (${Math.round(after)} ms after the paint) [${lang}]`)
    test.info().annotations.push({ type: 'first numbers after first paint (ms)', description: String(Math.round(after)) })
    expect(after).toBeLessThanOrEqual(1000)
  })
}
