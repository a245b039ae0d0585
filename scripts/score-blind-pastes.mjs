// Scores `gpu-doctor analyze` on a blind set (a directory with manifest.json + pastes/; default
// docs/verification/issue-23-analyze-blind-2): right cause / no confident cause (honest) / confident false cause,
// with the scoring of score-pastes.mjs. Usage:
//   node scripts/score-blind-pastes.mjs [--set <dir>] [path/to/gpu-doctor.cjs]   (default: out/cli/gpu-doctor.cjs)
// test/core/domain/rules/analyze-blind-sets.test.ts asserts the same per-paste verdicts on analyzeText.
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

/** `--set <dir>` (or `--set=<dir>`) picks the set; the one other argument is the CLI bundle. */
export function parseArgs(argv) {
  let dir = BLIND_DIR
  let cli = 'out/cli/gpu-doctor.cjs'
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--set') {
      if (argv[i + 1] === undefined) throw new Error('--set needs a directory')
      dir = argv[++i]
    } else if (arg.startsWith('--set=')) dir = arg.slice('--set='.length)
    else cli = arg
  }
  return { dir, cli }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dir, cli } = parseArgs(process.argv.slice(2))
  const totals = { right: 0, honest: 0, wrong: 0 }
  const catalogued = { right: 0, honest: 0, wrong: 0 }
  const pastes = loadBlindSet(dir)
  for (const paste of pastes) {
    const out = analyzeJson(cli, blindPastePath(paste.file, dir))
    const findings = JSON.parse(out).findings
    const score = scorePaste(findings, paste.accept)
    totals[score]++
    if (paste.accept.length > 0) catalogued[score]++
    console.log(`${score.padEnd(6)} ${paste.file}  [${findings.map((f) => `${f.id}:${f.severity}`).join(' ') || 'none'}]`)
  }
  const nCatalogued = pastes.filter((p) => p.accept.length > 0).length
  console.log(`\n${dir}`)
  console.log(`${cli}: right ${totals.right}, honest ${totals.honest}, wrong ${totals.wrong} of ${pastes.length}`)
  console.log(
    `with a catalogued cause: right ${catalogued.right}, honest ${catalogued.honest}, wrong ${catalogued.wrong} of ${nCatalogued}`,
  )
}
