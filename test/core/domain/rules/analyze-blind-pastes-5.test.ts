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

const SET = 'docs/verification/issue-37-analyze-blind-5'
const pastes = loadBlindSet(SET) as BlindPaste[]
const RANK: Record<Verdict, number> = { right: 0, honest: 1, wrong: 2 }
const verdictOf = (p: BlindPaste) => scorePaste(analyzeText(readFileSync(blindPastePath(p.file, SET), 'utf8')).findings, p.accept) as Verdict

// Blind set 5 (issue 37): 42 real pastes from public threads, labelled before analyze ran on them, held out from the
// tunings on sets 3 and 4 (held-out result: 32 right, 2 confident false causes, of 37 with a catalogued cause), then
// the two false causes fixed as classes. Each paste keeps at least the verdict measured after that (measuredAfter).
// Two pastes labelled [] score "wrong" on the committed labels (README: labelling mistakes, left as committed).
describe('analyze on blind set 5 (public pastes labelled before the first run; held out from the set-3 and set-4 tunings)', () => {
  it('holds 42 pastes, each with a public source and its measured verdicts', () => {
    expect(pastes.length).toBe(42)
    for (const p of pastes) {
      expect(p.source).toMatch(/^https:\/\//)
      expect(['right', 'honest', 'wrong']).toContain(p.measuredBefore)
      expect(['right', 'honest', 'wrong']).toContain(p.measuredAfter)
    }
  })

  it.each(pastes.map((p) => [p.file, p] as const))('%s: no worse than measured', (_, p) => {
    const findings = analyzeText(readFileSync(blindPastePath(p.file, SET), 'utf8')).findings
    const verdict = scorePaste(findings, p.accept) as Verdict
    expect(RANK[verdict], `${p.cause}\n${findings.map((f) => `${f.id}:${f.severity}`).join(' ') || 'no findings'}`).toBeLessThanOrEqual(RANK[p.measuredAfter])
  })

  it('names the true cause of at least 34 of the 37 with a catalogued cause and no confident false cause among them', () => {
    const catalogued = pastes.filter((p) => p.accept.length > 0).map(verdictOf)
    expect(catalogued.filter((v) => v === 'right').length).toBeGreaterThanOrEqual(34)
    expect(catalogued.filter((v) => v === 'wrong')).toEqual([])
  })
})
