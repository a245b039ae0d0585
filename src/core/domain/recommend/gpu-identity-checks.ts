import type { CompatData } from '../../../shared/compat-data'
import { COMPAT_FILES } from '../../knowledge/compat/data'
import { identifyGpu } from '../../knowledge/compat/gpu-identity'
import { resolveGpuName } from '../../knowledge/compat/gpu-names'
import { GPU_FIRST_DRIVERS_FILE, GpuFirstDriversSchema } from '../../knowledge/compat/gpu-first-drivers'
import { GPU_PCI_IDS_FILE, type GpuPciIds, GpuPciIdsSchema, splitPciName } from '../../knowledge/compat/pci-ids'

/**
 * The GPU identity tables against each other: every GPU has an architecture the architecture table
 * knows and a host platform; every chip row places some device of pci.ids; and where pci.ids names a
 * product that gpus.json also places by name, both give the same compute capability.
 */
export function checkGpuIdentityTables(d: CompatData, pciRaw: unknown, firstRaw: unknown): string[] {
  const out: string[] = []
  const f = COMPAT_FILES.gpus
  const archs = new Set(d.gpus.architectures.map((a) => a.arch))
  if (archs.size !== d.gpus.architectures.length) out.push(`${f}: an architecture is listed twice`)
  d.gpus.gpus.forEach((row, i) => {
    if (row.cc !== null && !archs.has(row.arch)) out.push(`${f}: row ${i} (${row.examples[0]}): architecture "${row.arch}" is not in the architectures table`)
  })
  for (const c of d.gpus.chips) {
    try {
      new RegExp(c.chip)
    } catch {
      out.push(`${f}: chip ${c.chip}: pattern does not compile`)
    }
    if (!archs.has(c.arch)) out.push(`${f}: chip ${c.chip}: architecture "${c.arch}" is not in the architectures table`)
    if (c.tegra && c.hostArch !== 'aarch64') out.push(`${f}: chip ${c.chip}: a Jetson chip must have hostArch aarch64`)
  }
  const ids = new Set(d.gpus.sources.map((s) => s.id))
  for (const row of [...d.gpus.chips.map((c) => ({ where: `chip ${c.chip}`, sources: c.sources })), ...d.gpus.architectures.map((a) => ({ where: `architecture ${a.arch}`, sources: a.sources }))]) {
    for (const id of row.sources) if (!ids.has(id)) out.push(`${f}: ${row.where} cites unknown source "${id}"`)
  }

  const parsed = GpuPciIdsSchema.safeParse(pciRaw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) out.push(`${GPU_PCI_IDS_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    return out
  }
  const pci: GpuPciIds = parsed.data
  const first = GpuFirstDriversSchema.safeParse(firstRaw)
  if (!first.success) for (const issue of first.error.issues) out.push(`${GPU_FIRST_DRIVERS_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  for (const c of d.gpus.chips) {
    const re = new RegExp(c.chip)
    if (!Object.values(pci.devices).some((n) => re.test(splitPciName(n).chip))) out.push(`${f}: chip ${c.chip} places no device of ${GPU_PCI_IDS_FILE}`)
  }
  for (const [id, entry] of Object.entries(pci.devices)) {
    const byId = identifyGpu({ pciDeviceId: id }, d, pci)
    const product = splitPciName(entry).product
    if (byId.kind !== 'known' || !product) continue
    for (const alt of product.split(' / ')) {
      const byName = resolveGpuName(alt, d)
      const known = byName.kind === 'ok' && (byName.row.alsoChips ?? []).some((c) => splitPciName(entry).chip.startsWith(c))
      if (byName.kind === 'ok' && byName.cc !== byId.cc && !known) {
        out.push(`${f}: "${alt}" (PCI ${id}, ${splitPciName(entry).chip}) is ${byId.cc} by its chip but ${byName.cc} by the name row for ${byName.row.examples[0]}`)
      }
    }
  }
  return out
}
