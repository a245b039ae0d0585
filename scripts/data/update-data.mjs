// Regenerates the derived tables of resources/data from the pinned copies of their sources
// (resources/data/sources/) and says what changed. Offline: it never fetches newer sources.
// Usage: node scripts/data/update-data.mjs [--check] [DATA_DIR]   (npm run data:update)
//   --check  change nothing; exit 1 if a committed table differs from what its sources give.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { applyWheelArches, deriveWheelArches, diffWheelArches } from './wheel-arches.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const args = process.argv.slice(2)
const check = args.includes('--check')
const dataDir = args.find((a) => !a.startsWith('--')) ?? join(root, 'resources', 'data')

const MAX_BYTES = 4 * 1024 * 1024
async function readJson(path) {
  const text = await readFile(path, 'utf8')
  if (text.length > MAX_BYTES) throw new Error(`${path}: larger than ${MAX_BYTES} bytes; not a table this script writes`)
  return { text, json: JSON.parse(text) }
}
const format = (json) => `${JSON.stringify(json, null, 2)}\n`

// Each derived table: the file it writes, the pinned sources it reads, and how one becomes the other.
const DERIVED = [
  {
    file: 'pytorch-releases.json',
    sources: 'sources/pytorch-build-config.json',
    what: 'wheel arch lists (x86_64, aarch64)',
    derive: (table, manifest) => {
      const derived = deriveWheelArches(manifest, table)
      const { table: next, problems } = applyWheelArches(table, derived)
      return { next, problems, notes: derived.notes, changes: diffWheelArches(table, next), facts: derived.facts.length, copies: derived.used.length }
    },
  },
]

console.log('Fetching newer sources is not available here: this command works offline from the pinned copies in resources/data/sources/ (docs/data.md says how to refresh them).')
let failed = false
for (const d of DERIVED) {
  try {
    const [table, manifest] = await Promise.all([readJson(join(dataDir, d.file)), readJson(join(dataDir, d.sources))])
    const r = d.derive(table.json, manifest.json)
    const text = format(r.next)
    const differs = text !== table.text
    console.log(`${d.file}: ${d.what}: ${r.facts} facts from ${r.copies} pinned copies (${d.sources})`)
    for (const n of r.notes) console.log(`  note: ${n}`)
    for (const p of r.problems) console.error(`  problem: ${p}`)
    if (r.problems.length > 0) failed = true
    for (const c of r.changes) console.log(`  ${check ? 'differs' : 'changed'}: ${c}`)
    if (differs && r.changes.length === 0) console.log(`  ${check ? 'differs' : 'changed'}: sources or layout only`)
    if (!differs) console.log('  unchanged')
    else if (check) {
      console.error(`${d.file} is not what its pinned sources give: run npm run data:update`)
      failed = true
    } else await writeFile(join(dataDir, d.file), text)
  } catch (error) {
    console.error(`${d.file}: ${error instanceof Error ? error.message : String(error)}`)
    failed = true
  }
}
process.exitCode = failed ? 1 : 0
