// analyzeTextInSteps: the same analysis as analyzeText, with the event loop running between its steps, so that the
// CLI hears Ctrl-C during a long one (test/cli/analyze-interrupt.test.ts) and stops it there.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { CancelledError } from '../../../../src/core/platform/errors'
import { analyzeText, analyzeTextInSteps } from '../../../../src/core/domain/rules/analyze-text'

const fixtures = fileURLToPath(new URL('../../../fixtures/public/E/', import.meta.url))

describe('analyzeTextInSteps', () => {
  it('finds what analyzeText finds', async () => {
    for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.txt'))) {
      const text = readFileSync(`${fixtures}${name}`, 'utf8')
      expect(await analyzeTextInSteps(text), name).toEqual(analyzeText(text))
    }
  })

  it('lets timers and signals run between its steps, and stops at the next step once aborted', async () => {
    const stop = new AbortController()
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    setTimeout(() => stop.abort(), 0)
    const text = `RuntimeError: CUDA out of memory.\n${'LnkSta: Speed 8GT/s, Width x16\n'.repeat(20_000)}`
    const result = await analyzeTextInSteps(text, stop.signal).catch((e: unknown) => e)
    clearInterval(timer)
    expect(result).toBeInstanceOf(CancelledError)
    expect(ticks).toBeGreaterThan(0)
  })
})
