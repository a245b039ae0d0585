import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

// @ts-expect-error -- a plain .mjs script shared with the CLI scoring run
import { blindPastePath, loadBlindSet } from '../../../../scripts/score-blind-pastes.mjs'
// @ts-expect-error -- a plain .mjs script shared with the CLI scoring run
import { scorePaste } from '../../../../scripts/score-pastes.mjs'
import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

type Verdict = 'right' | 'honest' | 'wrong'

interface BlindPaste {
  file: string
  source: string
  cause: string
  accept: string[]
  measuredBefore: Verdict
  measuredAfter: Verdict
}

const pastes = loadBlindSet() as BlindPaste[]
const RANK: Record<Verdict, number> = { right: 0, honest: 1, wrong: 2 }

// Blind set 2 (docs/verification/issue-23-analyze-blind-2): 27 real pastes from public threads, labelled from each
// thread's resolution before analyze ran on them. Each paste keeps at least the verdict measured after the
// issue-23 changes (manifest.json measuredAfter): a paste that got worse fails, naming its cause and findings.
describe('analyze on blind set 2 (public pastes labelled before the first run)', () => {
  it('holds at least 20 pastes, each with a public source and a measured verdict', () => {
    expect(pastes.length).toBeGreaterThanOrEqual(20)
    for (const p of pastes) {
      expect(p.source).toMatch(/^https:\/\//)
      expect(['right', 'honest', 'wrong']).toContain(p.measuredAfter)
    }
  })

  it.each(pastes.map((p) => [p.file, p] as const))('%s: no worse than measured', (_, p) => {
    const findings = analyzeText(readFileSync(blindPastePath(p.file), 'utf8')).findings
    const verdict = scorePaste(findings, p.accept) as Verdict
    expect(RANK[verdict], `${p.cause}\n${findings.map((f) => `${f.id}:${f.severity}`).join(' ') || 'no findings'}`).toBeLessThanOrEqual(RANK[p.measuredAfter])
  })

  // Measured: before 12 right, 10 honest, 5 confident false causes; after 22 right, 3 honest, 2 wrong (README.md).
  it('names the true cause of at least 22 and a false cause for at most 2', () => {
    const verdicts = pastes.map((p) => scorePaste(analyzeText(readFileSync(blindPastePath(p.file), 'utf8')).findings, p.accept) as Verdict)
    expect(verdicts.filter((v) => v === 'right').length).toBeGreaterThanOrEqual(22)
    expect(verdicts.filter((v) => v === 'wrong').length).toBeLessThanOrEqual(2)
  })
})
