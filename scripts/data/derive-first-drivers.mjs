// Derives resources/data/gpu-first-drivers.json: for each PCI device ID, the lowest driver version
// whose supported-GPU list (the README of NVIDIA/open-gpu-kernel-modules at that release tag) names
// it. Turing and newer only: the open modules do not drive older GPUs.
// Usage: node scripts/data/derive-first-drivers.mjs GIT_DIR [--check]
//   GIT_DIR: a clone (bare is fine) of https://github.com/NVIDIA/open-gpu-kernel-modules with its tags.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const outPath = join(root, 'resources', 'data', 'gpu-first-drivers.json')
const gitDir = process.argv[2]
if (!gitDir || gitDir.startsWith('--')) {
  console.error('usage: node scripts/data/derive-first-drivers.mjs GIT_DIR_OF_open-gpu-kernel-modules [--check]')
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
const allTags = git('tag').split('\n').filter((t) => /^\d+\.\d+(?:\.\d+)?$/.test(t)).sort(cmp)
const tags = []
const first = {}
for (const tag of allTags) {
  let readme
  try {
    readme = git('show', `${tag}:README.md`)
  } catch {
    continue
  }
  const before = Object.keys(first).length
  for (const m of readme.matchAll(/^\|[^|\n]+\|\s*([0-9A-F]{4})\b[^|\n]*\|\s*$/gm)) {
    const id = m[1].toLowerCase()
    if (!(id in first)) first[id] = tag
  }
  if (before > 0 || Object.keys(first).length > 0) tags.push(tag)
}
const sorted = Object.fromEntries(Object.entries(first).sort(([a], [b]) => a.localeCompare(b)))
const out = {
  schemaVersion: 1,
  title:
    'PCI device ID → the lowest driver version whose supported-GPU list names it (README.md "Compatible GPUs" of NVIDIA/open-gpu-kernel-modules at each release tag, from the first tag with a list). The open modules\' list: it decides only for GPUs that run on the open modules alone (the chips marked openModulesOnly in gpus.json). Derived by scripts/data/derive-first-drivers.mjs; do not edit by hand.',
  source: {
    id: 'open-gpu-kernel-modules-readme',
    title: `NVIDIA/open-gpu-kernel-modules README.md, release tags ${tags[0]} to ${tags.at(-1)}`,
    url: 'https://github.com/NVIDIA/open-gpu-kernel-modules',
    commit: git('rev-parse', 'HEAD').trim(),
    firstTag: tags[0],
    lastTag: tags.at(-1),
  },
  /** Every tag whose list was read: a driver is older than a GPU only where a release of its branch at or above it did not list the GPU. */
  tags,
  devices: sorted,
}
const json = `${JSON.stringify(out, null, 2)}\n`
if (process.argv.includes('--check')) {
  if (readFileSync(outPath, 'utf8') !== json) {
    console.error(`${outPath} differs from what the tags give: run node scripts/data/derive-first-drivers.mjs ${gitDir}`)
    process.exit(1)
  }
} else {
  writeFileSync(outPath, json)
  console.log(`${Object.keys(sorted).length} device IDs from ${tags.length} tags → ${outPath}`)
}
