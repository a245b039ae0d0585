// Derives resources/data/gpu-pci-ids.json (PCI device ID → chip and product name, GPUs only) from the
// pinned NVIDIA section of the PCI ID database, resources/data/sources/pci-ids-nvidia.txt. Deterministic:
// running it again on the same copy gives the same file. Usage: node scripts/data/derive-pci-ids.mjs [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const sourcePath = join(root, 'resources', 'data', 'sources', 'pci-ids-nvidia.txt')
const outPath = join(root, 'resources', 'data', 'gpu-pci-ids.json')

const text = readFileSync(sourcePath, 'utf8')
const header = (label) => {
  const m = text.match(new RegExp(`^# ${label}: (.+)$`, 'm'))
  if (!m) throw new Error(`${sourcePath}: no "# ${label}:" line`)
  return m[1].trim()
}
const url = header('Upstream')
const version = header('pci.ids Version').split(',')[0].trim()
const readOn = header('Read on')

// GPU chips from Fermi on: GF1xx, GK1xx/2xx, GM, GP, GV, TU, GA, AD, GH, GB, GR. Other functions of
// the same chip (audio, USB, NVSwitch, bridges, root ports) are not GPUs.
const GPU_CHIP = /^(?:G[FKMPV]\d|TU\d|GA\d|AD\d|GH\d|GB\d|GR\d)/
const NOT_A_GPU = /Audio|USB|NVSwitch|bridge|PCI Express|PCIe (?:x\d|host)|Root Port|Root Complex|Controller|Reserved Dev ID|Engineering Sample|Initial DevID/i

const devices = {}
for (const line of text.split('\n')) {
  const m = line.match(/^\t([0-9a-f]{4}) {2}(.+)$/)
  if (!m) continue
  const [, id, name] = m
  if (GPU_CHIP.test(name) && !NOT_A_GPU.test(name)) devices[id] = name.trim()
}

const out = {
  schemaVersion: 1,
  dataVersion: `${readOn}.1`,
  readOn,
  title:
    'NVIDIA PCI device ID → "CHIP [product]" as the PCI ID database names it (GPUs from Fermi on only). Derived by scripts/data/derive-pci-ids.mjs from resources/data/sources/pci-ids-nvidia.txt; do not edit by hand. The chip decides architecture and compute capability through the chips table of gpus.json.',
  source: { id: 'pci-ids', title: `PCI ID database (pci.ids ${version}), NVIDIA section`, url },
  devices,
}
const json = `${JSON.stringify(out, null, 2)}\n`
if (process.argv.includes('--check')) {
  const current = existsSync(outPath) ? readFileSync(outPath, 'utf8') : ''
  if (current !== json) {
    console.error(`${outPath} is not what ${sourcePath} gives: run node scripts/data/derive-pci-ids.mjs`)
    process.exit(1)
  }
} else {
  writeFileSync(outPath, json)
  console.log(`${Object.keys(devices).length} GPU device IDs → ${outPath}`)
}
