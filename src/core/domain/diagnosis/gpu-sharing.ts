import type { OtherProcess } from '../../../shared/evidence'
import type { GpuProcess, MonitorSample } from '../../../shared/gpu'
import type { DiagnosisInputs } from './step-inputs'

/** SM% before our own load at or above this means another process was running kernels: the GPU is shared. */
export const CONTENDED_IDLE_SM = 20
/** Other processes holding more than this share of a GPU's memory are worth a warning even when nothing fails. */
export const HELD_MEMORY_SHARE = 0.5

export type { OtherProcess }

export interface GpuSharing {
  gpuIndex: number
  /** SM% on this GPU before our load started (the monitor's samples, else the status read at start). */
  idleSm: number | null
  contended: boolean
  others: OtherProcess[]
  memoryTotalMiB: number | null
  /** Memory in use before the probe started: all of it belongs to other processes. */
  memoryHeldMiB: number | null
  memoryFreeMiB: number | null
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null
}

function idleSmOf(samples: MonitorSample[], gpu: number): number | null {
  return mean(samples.flatMap((s) => s.gpus.filter((g) => g.index === gpu).map((g) => g.utilizationGpu)).filter((v): v is number => v !== null))
}

/** Every GPU process but the probe and those it started, from the read at start and the read under load, once per PID. */
function otherProcesses(inputs: DiagnosisInputs): OtherProcess[] {
  const lists: GpuProcess[][] = []
  if (inputs.host.kind === 'ok') lists.push(inputs.host.status.processes)
  if (inputs.loadState?.kind === 'ok') lists.push(inputs.loadState.status.processes)
  const byKey = new Map<string, OtherProcess>()
  const ours = new Set(inputs.probeFamilyPids ?? [])
  for (const p of lists.flat()) {
    if (p.pid !== null && (p.pid === inputs.probePid || ours.has(p.pid))) continue
    const key = `${p.gpuIndex}:${p.pid ?? p.name}`
    const known = byKey.get(key)
    if (!known || (p.usedMemoryMiB ?? 0) > (known.usedMemoryMiB ?? 0))
      byKey.set(key, { pid: p.pid, name: p.name, gpuIndex: p.gpuIndex, container: p.container, usedMemoryMiB: p.usedMemoryMiB })
  }
  return [...byKey.values()]
}

/**
 * Who else uses each GPU: kernels running before our load (contention, which spoils every timing)
 * and memory held before the probe started (which only matters when it leaves too little).
 */
export function gpuSharing(inputs: DiagnosisInputs): GpuSharing[] {
  if (inputs.host.kind !== 'ok') return []
  const others = otherProcesses(inputs)
  return inputs.host.status.gpus.map((g) => {
    const fromMonitor = idleSmOf(inputs.idleSamples, g.index)
    const idleSm = fromMonitor ?? g.utilizationGpu
    const held = g.memoryUsedMiB
    return {
      gpuIndex: g.index,
      idleSm,
      contended: idleSm !== null && idleSm >= CONTENDED_IDLE_SM,
      others: others.filter((p) => p.gpuIndex === null || p.gpuIndex === g.index),
      memoryTotalMiB: g.memoryTotalMiB,
      memoryHeldMiB: held,
      memoryFreeMiB: g.memoryTotalMiB !== null && held !== null ? g.memoryTotalMiB - held : null,
    }
  })
}

/** "1234 python3 (container trainer) 78.6 GiB" for messages; "unknown" when the driver lists none. */
export function describeProcesses(list: OtherProcess[]): string {
  if (list.length === 0) return 'a process the driver does not list (another container or VM?)'
  return list
    .map((p) => {
      const memory = p.usedMemoryMiB !== null ? ` ${gib(p.usedMemoryMiB)} GiB` : ''
      const container = p.container ? ` (container ${p.container})` : ''
      return `PID ${p.pid ?? '?'} ${p.name.split('/').pop() || p.name}${container}${memory}`
    })
    .join(', ')
}

export function gib(mib: number): string {
  return (mib / 1024).toFixed(1)
}

/** An allocation failed for real: CUDA's or PyTorch's own out-of-memory error. */
export function isOutOfMemory(message: string | null | undefined): boolean {
  return !!message && /out of memory|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation/i.test(message)
}
