// Pins the supported-GPU lists of NVIDIA's open kernel modules: writes
// resources/data/sources/open-gpu-kernel-modules-gpus.txt from a clone, one "## TAG" section per release tag
// from the first whose README.md has a "Compatible GPUs" table, holding verbatim the first row that names each
// device ID no earlier tag listed (later rows of a known ID, e.g. other subsystem IDs, are left out). npm run data:update then turns it into gpu-first-drivers.json.
// Usage: node scripts/data/pin-first-drivers.mjs GIT_DIR [READ_ON]
//   GIT_DIR: a clone (bare is fine) of https://github.com/NVIDIA/open-gpu-kernel-modules with its tags.
//   READ_ON: the date the clone was made (YYYY-MM-DD); today where left out.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FIRST_DRIVERS_SOURCE, SUPPORTED_GPU_ROW } from './first-drivers.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const outPath = join(root, 'resources', 'data', FIRST_DRIVERS_SOURCE)
const [gitDir, readOn = new Date().toISOString().slice(0, 10)] = process.argv.slice(2)
if (!gitDir) {
  console.error('usage: node scripts/data/pin-first-drivers.mjs GIT_DIR_OF_open-gpu-kernel-modules [READ_ON]')
  process.exit(2)
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 60_000 })

const parts = (v) => v.split('.').map(Number)
const cmp = (a, b) => {
  const x = parts(a)
  const y = parts(b)
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0)
  return 0
}
const seen = new Set()
const sections = []
for (const tag of git('tag').split('\n').filter((t) => /^\d+\.\d+(?:\.\d+)?$/.test(t)).sort(cmp)) {
  let readme
  try {
    readme = git('show', `${tag}:README.md`)
  } catch {
    continue
  }
  const rows = readme.split('\n').map((l) => l.trimEnd()).filter((l) => SUPPORTED_GPU_ROW.test(l))
  if (sections.length === 0 && rows.length === 0) continue
  sections.push(`## ${tag}`)
  for (const row of rows) {
    const id = SUPPORTED_GPU_ROW.exec(row)[1]
    if (seen.has(id)) continue
    seen.add(id)
    sections.push(row)
  }
}
const commit = git('rev-parse', 'HEAD').trim()
const header = [
  '# NVIDIA/open-gpu-kernel-modules README.md, "Compatible GPUs" table, at every release tag from the first that has one.',
  '# Each "## TAG" section holds verbatim the first row naming each device ID that no earlier tag listed (other rows are left out).',
  '# Upstream: https://github.com/NVIDIA/open-gpu-kernel-modules',
  `# Commit: ${commit}`,
  `# Read on: ${readOn}`,
  '# Licence of the README: MIT / GPL v2 (see the upstream COPYING).',
  '# Refresh: node scripts/data/pin-first-drivers.mjs GIT_DIR_OF_A_CLONE, then npm run data:update.',
]
writeFileSync(outPath, `${[...header, ...sections].join('\n')}\n`)
console.log(`${sections.filter((s) => s.startsWith('## ')).length} tags, ${seen.size} device IDs → ${outPath}`)
