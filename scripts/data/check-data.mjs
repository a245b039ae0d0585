// Checks resources/data/*.json: each file against its zod schema (src/shared/compat-data.ts), then
// the tables against each other (src/core/domain/recommend/data-checks.ts), then each derived table against
// what its pinned sources give (scripts/data/derived-tables.mjs). Exit 1 with one line per problem.
// Usage: node scripts/data/check-data.mjs [DATA_DIR]   (npm run data:check; DATA_DIR defaults to resources/data)
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

import { DERIVED, deriveTable } from './derived-tables.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

// The checks are TypeScript: bundle them in memory rather than keep a JavaScript copy.
const bundle = await build({
  stdin: {
    contents:
      "export { COMPAT_FILES } from './src/core/knowledge/compat/data'\nexport { parseCompatData } from './src/core/knowledge/compat/check-data'\nexport { checkCompatData } from './src/core/domain/recommend/data-checks'\n" +
      "export { checkExpectedPerformance, EXPECTED_PERFORMANCE_FILE } from './src/core/knowledge/compat/expected-performance'\n",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'warning',
})
const { COMPAT_FILES, parseCompatData, checkCompatData, checkExpectedPerformance, EXPECTED_PERFORMANCE_FILE } = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
)

const dataDir = process.argv[2] ?? join(root, 'resources', 'data')
const problems = []
const raw = {}
for (const [key, file] of Object.entries(COMPAT_FILES)) {
  try {
    raw[key] = JSON.parse(await readFile(join(dataDir, file), 'utf8'))
  } catch (error) {
    problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
if (problems.length === 0) {
  const { data, problems: schemaProblems } = parseCompatData(raw)
  problems.push(...schemaProblems)
  if (data) {
    const derived = {}
    for (const file of ['gpu-pci-ids.json', 'gpu-first-drivers.json']) {
      try {
        derived[file] = JSON.parse(await readFile(join(dataDir, file), 'utf8'))
      } catch (error) {
        problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const pciIds = derived['gpu-pci-ids.json'] ?? null
    problems.push(...checkCompatData(data, pciIds, derived['gpu-first-drivers.json'] ?? null))
    const variants = data.releases.releases.reduce((n, r) => n + r.variants.length, 0)
    console.log(
      `resources/data: ${data.releases.releases.length} PyTorch releases (${variants} variants), ` +
        `${data.drivers.toolkits.length} CUDA toolkits, ${data.branches.branches.length} driver branches, ` +
        `${data.gpus.gpus.length} GPU name rows, ${data.gpus.chips.length} chip families, ${Object.keys(pciIds?.devices ?? {}).length} PCI device IDs, ${data.images.official.tags.length} official tags ×2 variants, ` +
        `${data.images.ngc.releases.length} NGC releases, ${data.environment.variables.length} environment variables`,
    )
  }
}
// Derived tables: what npm run data:update would write. The pinned sources are read from DATA_DIR/sources,
// or the repository's where DATA_DIR has none.
for (const d of DERIVED) {
  try {
    const r = await deriveTable(d, dataDir, [dataDir, join(root, 'resources', 'data')])
    problems.push(...r.problems.map((p) => `${d.file}: ${p}`))
    if (r.contentDiffers) {
      problems.push(`${d.file}: not what its pinned sources give (run npm run data:update)${r.changes.length ? `: ${r.changes.join('; ')}` : ': title or source differ'}`)
    }
  } catch (error) {
    problems.push(`${d.file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
try {
  const table = JSON.parse(await readFile(join(root, 'resources', 'data', EXPECTED_PERFORMANCE_FILE), 'utf8'))
  const found = checkExpectedPerformance(table)
  problems.push(...found)
  if (found.length === 0) console.log(`${EXPECTED_PERFORMANCE_FILE}: ${table.models.length} GPU models, ${table.models.filter((m) => m.measured).length} measured with the probe`)
} catch (error) {
  problems.push(`${EXPECTED_PERFORMANCE_FILE}: ${error instanceof Error ? error.message : String(error)}`)
}
for (const p of problems) console.error(p)
console.log(problems.length === 0 ? 'data: ok' : `data: ${problems.length} problem(s)`)
process.exitCode = problems.length === 0 ? 0 : 1
