// Scores `gpu-doctor analyze` on the labelled public pastes of test/fixtures/pastes-2026-11:
// right cause / no confident cause (honest) / confident false cause. Usage:
//   node scripts/score-pastes.mjs [path/to/gpu-doctor.cjs]   (default: out/cli/gpu-doctor.cjs)
// The test test/core/domain/rules/analyze-public-pastes.test.ts applies the same scoring to analyzeText.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const PASTES_DIR = 'test/fixtures/pastes-2026-11'

/** 'right': a finding names the labelled cause and no error names another; 'wrong': an error names another cause; else 'honest'. */
export function scorePaste(findings, accept) {
  const confident = findings.filter((f) => f.severity === 'error')
  const named = findings.filter((f) => f.severity !== 'info' && accept.includes(f.id))
  if (confident.some((f) => !accept.includes(f.id))) return 'wrong'
  return named.length > 0 ? 'right' : 'honest'
}

/** `analyze --json`'s output: exit 0 (no error found) or 1 (an error found; older builds exit 0 always). Else it throws. */
export function analyzeJson(cli, file) {
  const run = spawnSync(process.execPath, [cli, 'analyze', '--from', file, '--json'], { encoding: 'utf8', timeout: 30_000 })
  if (run.status !== 0 && run.status !== 1) throw new Error(`analyze ${file}: exit ${run.status} ${run.stderr}`)
  return run.stdout
}

export function loadLabels(dir = PASTES_DIR) {
  return JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')).pastes
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cli = process.argv[2] ?? 'out/cli/gpu-doctor.cjs'
  const totals = { right: 0, honest: 0, wrong: 0 }
  for (const paste of loadLabels()) {
    const out = analyzeJson(cli, join(PASTES_DIR, paste.file))
    const findings = JSON.parse(out).findings
    const score = scorePaste(findings, paste.accept)
    totals[score]++
    console.log(`${score.padEnd(6)} ${paste.file}  [${findings.map((f) => `${f.id}:${f.severity}`).join(' ') || 'none'}]`)
  }
  console.log(`\n${cli}: right ${totals.right}, honest ${totals.honest}, wrong ${totals.wrong} of ${loadLabels().length}`)
}
