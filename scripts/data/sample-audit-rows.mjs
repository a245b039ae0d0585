// Draws a random sample of hand-typed facts from resources/data for a blind audit against primary sources.
// Deterministic: the same seed and the same tables give the same sample. Derived tables (gpu-pci-ids.json,
// gpu-first-drivers.json, and the arch lists that pytorch-releases.json takes from pinned build-config
// copies) are left out: their check is `npm run data:update -- --check`. So are measurements (the probe's own
// figures), GPU Doctor's own margins, and cuda-environment.json (prose on what a variable does, not a figure).
// Usage: node scripts/data/sample-audit-rows.mjs [--seed N] [--n N]   (prints the sample as JSON)
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const dataDir = join(root, 'resources', 'data')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const seed = arg('--seed', 36)
const n = arg('--n', 44)

const read = (file) => JSON.parse(readFileSync(join(dataDir, file), 'utf8'))
const NOT_A_FACT = new Set(['sources', 'confidence', 'fieldConfidence', 'archConfidence', 'notes', 'note', 'patterns', 'examples', 'label', 'measured', 'aarch64', 'variants', 'pypiDefault', 'linuxOnly'])

const facts = []
/** Every scalar (or list of scalars) field of a row, one level of nested objects flattened (python.min). */
function addRow(table, collection, key, row, skip = []) {
  const add = (field, value) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value) && value.some((v) => typeof v === 'object')) return
    facts.push({ table, collection, key, field, value })
  }
  for (const [field, value] of Object.entries(row)) {
    if (NOT_A_FACT.has(field) || skip.includes(field)) continue
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, v] of Object.entries(value)) if (!NOT_A_FACT.has(sub) && sub !== 'note') add(`${field}.${sub}`, v)
    } else add(field, value)
  }
}

const drivers = read('cuda-drivers.json')
for (const r of drivers.toolkits) addRow('cuda-drivers.json', 'toolkits', r.cuda, r, ['cuda'])
for (const r of drivers.minorVersionCompatibility) addRow('cuda-drivers.json', 'minorVersionCompatibility', `CUDA ${r.major}`, r, ['major'])
for (const r of drivers.gpuDriverFloors) addRow('cuda-drivers.json', 'gpuDriverFloors', r.arch, r, ['arch'])

for (const r of read('driver-branches.json').branches) addRow('driver-branches.json', 'branches', `R${r.branch}`, r, ['branch'])

const gpus = read('gpus.json')
for (const r of gpus.gpus) addRow('gpus.json', 'gpus', r.examples?.[0] ?? r.patterns[0], r)
for (const r of gpus.archToolkitFloors) addRow('gpus.json', 'archToolkitFloors', `cc ${r.ccMajor}.x`, r, ['ccMajor'])
for (const r of gpus.jetpack) addRow('gpus.json', 'jetpack', `JetPack ${r.jetpack}`, r, ['jetpack'])
for (const r of gpus.chips) addRow('gpus.json', 'chips', r.chip, r, ['chip'])
for (const r of gpus.architectures) addRow('gpus.json', 'architectures', r.arch, r, ['arch'])

const images = read('images.json')
for (const r of images.official.tags) addRow('images.json', 'official.tags', r.runtime, r, ['runtime', 'devel', 'torch', 'cuda'])
for (const r of images.ngc.releases) addRow('images.json', 'ngc.releases', r.tag, r, ['tag', 'release'])

for (const r of read('pcie-links.json').generations) addRow('pcie-links.json', 'generations', `Gen ${r.generation}`, r, ['generation'])

const releases = read('pytorch-releases.json')
const pinned = new Set(JSON.parse(readFileSync(join(dataDir, 'sources', 'pytorch-build-config.json'), 'utf8')).snapshots.map((s) => s.id))
for (const r of releases.releases) {
  addRow('pytorch-releases.json', 'releases', r.release, r, ['release'])
  for (const v of r.variants) {
    const derivedArch = v.sources.some((id) => pinned.has(id))
    addRow('pytorch-releases.json', 'releases[].variants', `${r.release} ${v.variant}`, v, ['variant', ...(derivedArch ? ['archList'] : [])])
  }
}
for (const r of releases.cudnnFloors) addRow('pytorch-releases.json', 'cudnnFloors', `cuDNN ${r.cudnnMajor}`, r, ['cudnnMajor'])

const perf = read('gpu-expected-performance.json')
for (const m of perf.models) {
  for (const [field, v] of Object.entries(m)) {
    if (!field.startsWith('datasheet') || !v || typeof v !== 'object') continue
    for (const [sub, value] of Object.entries(v)) if (typeof value === 'number') facts.push({ table: 'gpu-expected-performance.json', collection: 'models', key: m.model, field: `${field}.${sub}`, value })
  }
}
for (const r of perf.links.nvlinkPerLink) facts.push({ table: 'gpu-expected-performance.json', collection: 'links.nvlinkPerLink', key: `cc ${r.cc} NVLink ${r.generation}`, field: 'GBps', value: r.GBps })

// mulberry32: a small seeded PRNG, so the draw is reproducible without a dependency.
function mulberry32(a) {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(seed)
const pool = [...facts]
for (let i = pool.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1))
  ;[pool[i], pool[j]] = [pool[j], pool[i]]
}
const sample = pool.slice(0, n).map((f, i) => ({ n: i + 1, ...f }))
console.log(
  JSON.stringify(
    {
      seed,
      drawn: n,
      population: facts.length,
      method:
        'Every scalar field of every hand-typed row (see the head of scripts/data/sample-audit-rows.mjs for what is left out), shuffled by Fisher-Yates with mulberry32(seed); the first n are the sample.',
      perTable: Object.fromEntries([...new Set(facts.map((f) => f.table))].map((t) => [t, facts.filter((f) => f.table === t).length])),
      sample,
    },
    null,
    2,
  ),
)
