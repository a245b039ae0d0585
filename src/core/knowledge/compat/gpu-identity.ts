import type { CompatData, GpuChip, GpuRow, HostArch, Mark, TegraDevice } from '../../../shared/compat-data'
import { compatData } from './data'
import { normaliseGpuName, resolveGpuName } from './gpu-names'
import { type GpuPciIds, gpuPciIds, parsePciDeviceId, splitPciName } from './pci-ids'

/** What a GPU reports about itself: any of its name, its live compute capability, its PCI device ID. */
export interface GpuReport {
  name?: string | null
  /** From NVML / nvidia-smi compute_cap / torch.cuda.get_device_capability(): the truth where present. */
  computeCapability?: string | null
  /** "2b85", "10de:2b85", "0x2B85". */
  pciDeviceId?: string | null
}

/** How the compute capability was settled. */
export type IdentitySource = 'live' | 'pci-id' | 'name' | 'chip'

export type GpuIdentity =
  | {
      kind: 'known'
      cc: string
      /** Null only for a live compute capability no table row has (a GPU newer than the tables). */
      arch: string | null
      hostArch: HostArch
      tegra: TegraDevice | null
      via: IdentitySource
      /** The chip code where a PCI device ID or a pci.ids product name gave it ("GB202"). */
      chip: string | null
      /** The PCI device IDs it may be: the one reported, or those pci.ids sells under its name. */
      deviceIds: string[]
      mark: Mark
      row: GpuRow | null
      chipRow: GpuChip | null
    }
  | { kind: 'ambiguous'; candidates: Array<{ name: string; cc: string }> }
  | { kind: 'unknown' }

const CC = /^\d{1,2}\.\d$/

const chipPatterns = new WeakMap<GpuChip, RegExp>()
function chipRowFor(chip: string, data: CompatData): GpuChip | null {
  return (
    data.gpus.chips.find((c) => {
      let re = chipPatterns.get(c)
      if (!re) chipPatterns.set(c, (re = new RegExp(c.chip)))
      return re.test(chip)
    }) ?? null
  )
}

/** pci.ids product names, lower-cased without "NVIDIA ", each alternative of "A / B" on its own. */
const productIndexes = new WeakMap<GpuPciIds, Map<string, { chip: string; ids: string[] }>>()
function devicesNamed(name: string, pci: GpuPciIds): { chip: string; ids: string[] } | null {
  let index = productIndexes.get(pci)
  if (!index) {
    index = new Map()
    for (const [id, entry] of Object.entries(pci.devices)) {
      const { chip, product } = splitPciName(entry)
      for (const alt of product?.split(' / ') ?? []) {
        const key = normaliseGpuName(alt).text.toLowerCase()
        if (!key) continue
        const known = index.get(key)
        if (known) known.ids.push(id)
        else index.set(key, { chip, ids: [id] })
      }
    }
    productIndexes.set(pci, index)
  }
  return index.get(normaliseGpuName(name).text.toLowerCase()) ?? null
}

/** The chip a report names: its PCI device ID, a pasted ID or chip code, or a pci.ids product name. */
function chipOf(report: GpuReport, pci: GpuPciIds, data: CompatData): { chip: string; via: IdentitySource; ids: string[] } | null {
  for (const text of [report.pciDeviceId, report.name]) {
    const id = text ? parsePciDeviceId(text) : null
    const entry = id ? pci.devices[id] : undefined
    if (entry) return { chip: splitPciName(entry).chip, via: 'pci-id', ids: [id!] }
  }
  const name = report.name?.trim()
  if (!name) return null
  if (/^G[A-Z]{1,2}\d{2,3}[A-Z]{0,3}$/.test(name) && chipRowFor(name, data)) return { chip: name, via: 'chip', ids: [] }
  const named = devicesNamed(name, pci)
  return named ? { chip: named.chip, via: 'name', ids: named.ids } : null
}

/** The gpus.json row of a device's pci.ids product name, where it agrees with the chip. */
function productRow(id: string, chipRow: GpuChip, pci: GpuPciIds, data: CompatData): GpuRow | null {
  const product = splitPciName(pci.devices[id] ?? '').product
  for (const alt of product?.split(' / ') ?? []) {
    const r = resolveGpuName(alt, data)
    if (r.kind === 'ok' && r.cc === chipRow.cc) return r.row
  }
  return null
}

/** The architecture of a compute capability, where one table row names it. */
function archOfCc(cc: string, data: CompatData): string | null {
  return data.gpus.chips.find((c) => c.cc === cc)?.arch ?? data.gpus.gpus.find((g) => g.cc === cc)?.arch ?? null
}

/**
 * What a GPU is, from what it reports. The live compute capability wins; else the PCI device ID
 * through pci.ids and the chip table; else the name through gpus.json, then through pci.ids product
 * names. A GPU nothing identifies is unknown, and callers infer nothing from it.
 */
export function identifyGpu(report: GpuReport, data: CompatData = compatData(), pci: GpuPciIds = gpuPciIds()): GpuIdentity {
  const name = report.name?.trim() || null
  const named = name ? resolveGpuName(name, data) : null
  const found = chipOf(report, pci, data)
  const chipRow = found ? chipRowFor(found.chip, data) : null
  // The product pci.ids names for the device ("GB300", "GH200 120GB / 480GB") tells its host as a name would.
  const row = named?.kind === 'ok' ? named.row : chipRow && found!.via === 'pci-id' ? productRow(found!.ids[0]!, chipRow, pci, data) : null
  const host = (): HostArch => (row?.hostArch === 'aarch64' || chipRow?.hostArch === 'aarch64' ? 'aarch64' : 'any')
  const tegra = row?.tegra ?? chipRow?.tegra ?? null
  const chip = chipRow ? found!.chip : null
  const deviceIds = found?.ids ?? []
  const live = report.computeCapability?.trim()
  if (live && CC.test(live)) {
    const arch = row?.cc === live ? row.arch : chipRow?.cc === live ? chipRow.arch : archOfCc(live, data)
    return { kind: 'known', cc: live, arch, hostArch: host(), tegra, via: 'live', chip, deviceIds, mark: 'P', row, chipRow }
  }
  // A device ID names one product; a name may not (row first only where no ID was given).
  if (chipRow && found!.via === 'pci-id') {
    return { kind: 'known', cc: chipRow.cc, arch: chipRow.arch, hostArch: host(), tegra, via: 'pci-id', chip, deviceIds, mark: chipRow.confidence, row, chipRow }
  }
  if (named?.kind === 'ok') {
    return { kind: 'known', cc: named.cc, arch: named.arch, hostArch: host(), tegra, via: 'name', chip, deviceIds, mark: named.mark, row, chipRow }
  }
  if (named?.kind === 'ambiguous' && !chipRow) return { kind: 'ambiguous', candidates: named.candidates }
  if (chipRow) {
    return { kind: 'known', cc: chipRow.cc, arch: chipRow.arch, hostArch: host(), tegra, via: found!.via, chip, deviceIds, mark: chipRow.confidence, row: null, chipRow }
  }
  return { kind: 'unknown' }
}
