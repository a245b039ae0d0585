// Regenerates every derived table of resources/data from the pinned copies of its source
// (resources/data/sources/; the list is DERIVED in derived-tables.mjs) and says what changed. Offline: it never
// fetches newer sources (docs/data.md says how to pin one).
// Usage: node scripts/data/update-data.mjs [--check] [DATA_DIR]   (npm run data:update)
//   --check  change nothing; exit 1 if a committed table differs from what its sources give.
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { DERIVED, deriveTable } from './derived-tables.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const args = process.argv.slice(2)
const check = args.includes('--check')
const dataDir = args.find((a) => !a.startsWith('--')) ?? join(root, 'resources', 'data')

console.log('Fetching newer sources is not available here: this command works offline from the pinned copies in resources/data/sources/ (docs/data.md says how to refresh them).')
let failed = false
for (const d of DERIVED) {
  try {
    const r = await deriveTable(d, dataDir)
    console.log(`${d.file}: ${d.what}: ${r.summary} (${d.source})`)
    for (const n of r.notes) console.log(`  note: ${n}`)
    for (const p of r.problems) console.error(`  problem: ${p}`)
    if (r.problems.length > 0) failed = true
    for (const c of r.changes) console.log(`  ${check ? 'differs' : 'changed'}: ${c}`)
    if (r.differs && r.changes.length === 0) console.log(`  ${check ? 'differs' : 'changed'}: title, source or layout only (no row)`)
    if (!r.differs) console.log('  unchanged')
    else if (check) {
      console.error(`${d.file} is not what its pinned sources give: run npm run data:update`)
      failed = true
    } else await writeFile(join(dataDir, d.file), r.text)
  } catch (error) {
    console.error(`${d.file}: ${error instanceof Error ? error.message : String(error)}`)
    failed = true
  }
}
process.exitCode = failed ? 1 : 0
