import type { Finding } from '../../../shared/diagnosis'
import type { CompatData } from '../../../shared/compat-data'
import { compatData } from '../../knowledge/compat/data'
import { driverSupportsGpu, type GpuDriverSupport } from '../../knowledge/compat/gpu-driver-support'
import { firstDriverOf, gpuFirstDrivers } from '../../knowledge/compat/gpu-first-drivers'
import { type GpuIdentity, identifyGpu } from '../../knowledge/compat/gpu-identity'
import { gpuPciIds } from '../../knowledge/compat/pci-ids'
import type { NvidiaHardware, PciGpu } from '../../platform/host/nvidia-hardware'
import { makeFinding } from '../findings/finding-catalog'

/**
 * A PCI address in one spelling: nvidia-smi and NVML write the domain with eight digits
 * ("00000000:41:00.0"), sysfs with four ("0000:41:00.0"), case varies. Null for anything else.
 */
export function normalisePciAddress(text: string | null | undefined): string | null {
  const m = text?.trim().match(/^(?:([0-9a-f]{1,8}):)?([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])$/i)
  if (!m) return null
  const domain = Number.parseInt(m[1] ?? '0', 16).toString(16).padStart(4, '0')
  return `${domain}:${m[2]}:${m[3]}.${m[4]}`.toLowerCase()
}

/** A GPU on the bus that no driver holds (one the NVIDIA driver refused at probe is left so). */
function unbound(hardware: NvidiaHardware | null | undefined): PciGpu[] {
  if (!hardware || hardware.gpuOffPci) return []
  return hardware.gpus.filter((g) => g.driver === null)
}

/** How pci.ids names a device ("GB202 [GeForce RTX 5090]"), else its raw id. */
function pciName(deviceId: string): string {
  return gpuPciIds().devices[deviceId] ?? `NVIDIA 10de:${deviceId}`
}

function sourceUrls(ids: readonly string[], data: CompatData): string {
  const urls = ids.flatMap((id) => data.gpus.sources.find((s) => s.id === id)?.url ?? [])
  return [...new Set(urls)].join(', ') || 'resources/data/gpus.json'
}

/** Where a tooOld or dropped answer comes from, in words and as a link. */
function basisOf(identity: GpuIdentity, support: GpuDriverSupport, data: CompatData): { source: string; detail: string } {
  const known = identity.kind === 'known' ? identity : null
  if (support.kind === 'tooOld' && support.basis === 'model') {
    const table = gpuFirstDrivers()
    return { source: table.source.url, detail: `first listed in ${support.minimum} by ${table.source.title}` }
  }
  if (support.kind === 'tooOld') {
    return { source: sourceUrls(known?.chipRow?.sources ?? [], data), detail: `first branch of the ${known?.chip ?? known?.arch ?? '?'} chip family: ${support.minimum}` }
  }
  const arch = data.gpus.architectures.find((a) => a.arch === known?.arch)
  return { source: sourceUrls(arch?.sources ?? [], data), detail: `NVIDIA's legacy branch for ${known?.arch ?? '?'}: R${support.kind === 'dropped' ? support.lastBranch : '?'}` }
}

interface Judged {
  gpu: PciGpu
  support: GpuDriverSupport
  identity: GpuIdentity
}

/** One finding per device id and answer: eight refused cards of one model are one finding naming eight addresses. */
function findingOf(group: Judged[], driver: string, data: CompatData): Finding {
  const { gpu, support, identity } = group[0]!
  const address = group.map((j) => j.gpu.address).join(', ')
  const facts = { gpu: pciName(gpu.deviceId), deviceId: gpu.deviceId, address, driver }
  const onBus = group.map((j) => `${j.gpu.address}: 10de:${j.gpu.deviceId}${j.gpu.subsystem ? ` (subsystem ${j.gpu.subsystem})` : ''}, no driver bound`)
  const listed = `not among the GPUs driver ${driver} lists`
  if (support.kind === 'tooOld' || support.kind === 'dropped') {
    const basis = basisOf(identity, support, data)
    const evidence = [...onBus, listed, `${facts.gpu}: ${basis.detail} (${basis.source})`].join('\n')
    return support.kind === 'tooOld'
      ? makeFinding('driver-older-than-gpu', 'error', { ...facts, minimum: support.minimum, source: basis.source }, evidence)
      : makeFinding('driver-dropped-gpu-architecture', 'error', { ...facts, arch: support.arch, lastBranch: support.lastBranch, source: basis.source }, evidence)
  }
  return makeFinding('gpu-on-bus-not-listed-by-driver', 'warning', facts, [...onBus, listed].join('\n'))
}

export interface PciGpusOffDriverInput {
  /** The PCI bus as read live (readNvidiaHardware); null where it could not be read. */
  hardware: NvidiaHardware | null | undefined
  /** The running driver's version; null where nvidia-smi could not say (the driver has its own findings then). */
  driverVersion: string | null | undefined
  /** The bus ids of the GPUs the driver lists (nvidia-smi's Bus Id, NVML's busId), in any spelling. */
  listedBusIds: ReadonlyArray<string | null>
}

/**
 * The NVIDIA GPUs on the PCI bus that the running driver does not run, and why where the tables say:
 * a driver older than the GPU, or newer than its architecture's last branch; otherwise a warning with
 * the facts. Only a GPU no driver is bound to counts: one the driver lists is never flagged, nor one
 * bound to another driver (vfio-pci for a VM) or to nvidia but outside this view (a container or job
 * given other GPUs). Nothing on WSL or Jetson (no PCI bus for the GPU), nor without a running driver.
 */
export function pciGpusOffDriver(input: PciGpusOffDriverInput, data: CompatData = compatData()): Finding[] {
  const driver = input.driverVersion?.trim()
  if (!driver) return []
  const listed = new Set(input.listedBusIds.map(normalisePciAddress).filter((a): a is string => a !== null))
  const groups = new Map<string, Judged[]>()
  for (const gpu of unbound(input.hardware)) {
    if (listed.has(normalisePciAddress(gpu.address) ?? gpu.address)) continue
    const identity = identifyGpu({ pciDeviceId: gpu.deviceId }, data)
    const support = driverSupportsGpu(identity, driver, data)
    const key = `${gpu.deviceId} ${JSON.stringify(support)}`
    groups.set(key, [...(groups.get(key) ?? []), { gpu, support, identity }])
  }
  return [...groups.values()].map((group) => findingOf(group, driver, data))
}

/**
 * Lines for the evidence of a driver that is not running at all: each GPU on the bus that no driver
 * holds, as pci.ids names it, with the first driver NVIDIA's list names it in where the list has it.
 */
export function unboundGpuLines(hardware: NvidiaHardware | null | undefined): string[] {
  return unbound(hardware).map((g) => {
    // The open modules' list decides only for chips that run on them alone (as driverSupportsGpu reads it).
    const identity = identifyGpu({ pciDeviceId: g.deviceId })
    const first = identity.kind === 'known' && identity.chipRow?.openModulesOnly ? firstDriverOf([g.deviceId]) : null
    return `PCI ${g.address}: ${pciName(g.deviceId)} (10de:${g.deviceId}), no driver bound${first ? `; NVIDIA's supported-GPU list names it first in driver ${first}` : ''}`
  })
}
