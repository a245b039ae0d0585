// Scores `gpu-doctor analyze` on the blind set docs/verification/issue-23-analyze-blind-2 (manifest.json + pastes/):
// right cause / no confident cause (honest) / confident false cause, with the scoring of score-pastes.mjs. Usage:
//   node scripts/score-blind-pastes.mjs [path/to/gpu-doctor.cjs]   (default: out/cli/gpu-doctor.cjs)
// test/core/domain/rules/analyze-blind-pastes.test.ts asserts the same per-paste verdicts on analyzeText.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { analyzeJson, scorePaste } from './score-pastes.mjs'

export const BLIND_DIR = 'docs/verification/issue-23-analyze-blind-2'

export function loadBlindSet(dir = BLIND_DIR) {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).pastes
}

export function blindPastePath(file, dir = BLIND_DIR) {
  return join(dir, 'pastes', file)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cli = process.argv[2] ?? 'out/cli/gpu-doctor.cjs'
  const totals = { right: 0, honest: 0, wrong: 0 }
  const pastes = loadBlindSet()
  for (const paste of pastes) {
    const out = analyzeJson(cli, blindPastePath(paste.file))
    const findings = JSON.parse(out).findings
    const score = scorePaste(findings, paste.accept)
    totals[score]++
    console.log(`${score.padEnd(6)} ${paste.file}  [${findings.map((f) => `${f.id}:${f.severity}`).join(' ') || 'none'}]`)
  }
  console.log(`\n${cli}: right ${totals.right}, honest ${totals.honest}, wrong ${totals.wrong} of ${pastes.length}`)
}
