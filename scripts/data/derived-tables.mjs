// Every table of resources/data that is generated from a pinned source under resources/data/sources/, and how.
// update-data.mjs writes them; check-data.mjs fails where a committed one differs. Reads only; writes nothing.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { deriveFirstDrivers, FIRST_DRIVERS_SOURCE } from './first-drivers.mjs'
import { derivePciIds, PCI_IDS_SOURCE } from './pci-ids.mjs'
import { applyWheelArches, deriveWheelArches, diffWheelArches } from './wheel-arches.mjs'

const MAX_BYTES = 4 * 1024 * 1024
async function readText(path) {
  const text = await readFile(path, 'utf8')
  if (text.length > MAX_BYTES) throw new Error(`${path}: larger than ${MAX_BYTES} bytes; not a table or source this script reads`)
  return text
}
export const formatTable = (json) => `${JSON.stringify(json, null, 2)}\n`

/** One line per device ID added, dropped or renamed between two versions of a `devices` record. */
function diffDevices(before, after) {
  const lines = []
  const old = before?.devices ?? {}
  for (const [id, v] of Object.entries(after.devices)) {
    if (!(id in old)) lines.push(`${id}: (none) → ${v}`)
    else if (old[id] !== v) lines.push(`${id}: ${old[id]} → ${v}`)
  }
  for (const [id, v] of Object.entries(old)) if (!(id in after.devices)) lines.push(`${id}: ${v} → (none)`)
  return lines
}

const fromText = (derive) => (table, sourceText) => {
  const next = derive(sourceText)
  return { next, problems: [], notes: [], changes: diffDevices(table, next), summary: `${Object.keys(next.devices).length} device IDs` }
}

export const DERIVED = [
  {
    file: 'pytorch-releases.json',
    source: 'sources/pytorch-build-config.json',
    what: 'wheel arch lists (x86_64, aarch64)',
    derive: (table, sourceText) => {
      const manifest = JSON.parse(sourceText)
      const derived = deriveWheelArches(manifest, table)
      const { table: next, problems } = applyWheelArches(table, derived)
      return { next, problems, notes: derived.notes, changes: diffWheelArches(table, next), summary: `${derived.facts.length} facts from ${derived.used.length} pinned copies` }
    },
  },
  { file: 'gpu-pci-ids.json', source: PCI_IDS_SOURCE, what: 'PCI device ID → chip and product (pci.ids, NVIDIA section)', derive: fromText(derivePciIds) },
  {
    file: 'gpu-first-drivers.json',
    source: FIRST_DRIVERS_SOURCE,
    what: "PCI device ID → first driver listing it (open-gpu-kernel-modules' supported GPUs)",
    derive: fromText(deriveFirstDrivers),
  },
]

/**
 * What a derived table's pinned source gives, beside what is committed. A missing table is derived from
 * nothing (every row is a change); a missing source is an error. `sourceDirs`: where to look for the
 * source, in order (a data copy for a test may carry none of its own).
 */
export async function deriveTable(d, dataDir, sourceDirs = [dataDir]) {
  let current = null
  try {
    current = await readText(join(dataDir, d.file))
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error
  }
  let sourceText = null
  for (const dir of sourceDirs) {
    try {
      sourceText = await readText(join(dir, d.source))
      break
    } catch (error) {
      if (error?.code !== 'ENOENT') throw error
    }
  }
  if (sourceText === null) throw new Error(`${d.source}: not found`)
  const table = current === null ? null : JSON.parse(current)
  if (table === null && d.file === 'pytorch-releases.json') throw new Error(`${d.file}: not found (its typed rows cannot be generated)`)
  const r = d.derive(table, sourceText)
  const text = formatTable(r.next)
  // `differs`: the file's text would change (layout included); `contentDiffers`: its data would.
  return { ...r, text, differs: text !== current, contentDiffers: table === null || JSON.stringify(r.next) !== JSON.stringify(table) }
}
