import type { GpuInfo } from '../../../shared/gpu'

/**
 * CUDA ordinals are not nvidia-smi indices. CUDA numbers only the GPUs CUDA_VISIBLE_DEVICES lets
 * through, in the order it lists them, and by default fastest first (CUDA_DEVICE_ORDER=FASTEST_FIRST);
 * nvidia-smi numbers every GPU by PCI bus id. The UUID is the one name both agree on
 * (torch.cuda.get_device_properties(i).uuid, printed without nvidia-smi's "GPU-" prefix).
 * CUDA programming guide, "CUDA Environment Variables".
 */
export interface CudaDevice {
  /** The CUDA ordinal in the probed process (torch's cuda:N). */
  ordinal: number
  uuid: string | null
  /** nvidia-smi's index of the same physical GPU; null when it cannot be known. */
  hostIndex: number | null
  /** How hostIndex was found: the UUID, CUDA_VISIBLE_DEVICES read as CUDA reads it, or not at all. */
  mappedBy: 'uuid' | 'visible-devices' | null
}

/** "GPU-a3bf…", "MIG-…" or bare: lower case without the prefix. */
export function bareUuid(uuid: string | null | undefined): string {
  return (uuid ?? '').trim().replace(/^(GPU|MIG)-/i, '').toLowerCase()
}

export interface CudaEnv {
  CUDA_VISIBLE_DEVICES?: string | null
  CUDA_DEVICE_ORDER?: string | null
}

/**
 * The nvidia-smi indices CUDA_VISIBLE_DEVICES makes visible, in CUDA's order; null where an entry
 * cannot be placed (a MIG instance, an index under FASTEST_FIRST on a machine of mixed models).
 * CUDA stops at the first entry that names no GPU, and so does this. A GPU named twice makes CUDA
 * refuse the whole list (cudaGetDeviceCount: "invalid device ordinal", no GPU; seen with "1,1" on driver 580).
 */
export function visibleHostIndices(env: CudaEnv, host: readonly GpuInfo[]): Array<number | null> {
  const raw = env.CUDA_VISIBLE_DEVICES
  const pciOrder = (env.CUDA_DEVICE_ORDER ?? '').trim().toUpperCase() === 'PCI_BUS_ID'
  // FASTEST_FIRST puts faster GPUs first; among GPUs of one model, ties keep PCI bus order.
  const sameModel = new Set(host.map((g) => g.name)).size <= 1
  const indexIsHostIndex = pciOrder || sameModel
  const byIndex = [...host].sort((a, b) => a.index - b.index)
  if (raw === undefined || raw === null) return byIndex.map((g) => (indexIsHostIndex ? g.index : null))
  const out: Array<number | null> = []
  const named = new Set<string>()
  for (const token of raw.split(',').map((t) => t.trim())) {
    if (/^\d+$/.test(token)) {
      const n = Number(token)
      if (n >= byIndex.length) break
      if (named.has(`#${n}`)) return []
      named.add(`#${n}`)
      out.push(indexIsHostIndex ? (byIndex[n]?.index ?? null) : null)
    } else if (/^MIG-/i.test(token)) {
      out.push(null)
    } else if (/^GPU-/i.test(token)) {
      const want = bareUuid(token)
      const hits = host.filter((g) => bareUuid(g.uuid).startsWith(want))
      if (hits.length !== 1) break
      if (named.has(`#${byIndex.indexOf(hits[0]!)}`)) return []
      named.add(`#${byIndex.indexOf(hits[0]!)}`)
      out.push(hits[0]!.index)
    } else break
  }
  return out
}

/** Each CUDA ordinal the probe used, with the physical GPU nvidia-smi calls it. */
export function mapCudaDevices(devices: ReadonlyArray<{ index: number; uuid?: string | null }>, host: readonly GpuInfo[] | null, env: CudaEnv): CudaDevice[] {
  const visible = host ? visibleHostIndices(env, host) : []
  return devices.map((d) => {
    const uuid = d.uuid ? bareUuid(d.uuid) : null
    const byUuid = uuid && host ? host.find((g) => bareUuid(g.uuid) === uuid) : undefined
    if (byUuid) return { ordinal: d.index, uuid, hostIndex: byUuid.index, mappedBy: 'uuid' }
    const fromEnv = visible[d.index]
    if (fromEnv !== undefined && fromEnv !== null) return { ordinal: d.index, uuid, hostIndex: fromEnv, mappedBy: 'visible-devices' }
    return { ordinal: d.index, uuid, hostIndex: null, mappedBy: null }
  })
}

/** How to run on these GPUs whatever CUDA_DEVICE_ORDER says: nvidia-smi's indices in PCI order. */
export function runOnCommand(hostIndices: readonly number[]): string {
  return `CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=${hostIndices.join(',')}`
}
