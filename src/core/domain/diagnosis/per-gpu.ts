import type { GpuInfo, MonitorSample } from '../../../shared/gpu'
import type { CudaDevice } from './cuda-devices'
import { mapCudaDevices, runOnCommand } from './cuda-devices'
import type { GpuSharing } from './gpu-sharing'
import type { DiagnosisInputs } from './step-inputs'

/** One GPU the probe loaded: its CUDA ordinal, the physical GPU behind it, and whether another process was using it. */
export interface LoadedGpu extends CudaDevice {
  host: GpuInfo | null
  /** nvidia-smi's index when known, else the CUDA ordinal: what the user reads as "GPU n". */
  shownIndex: number
  sharing: GpuSharing | null
  contended: boolean
}

/** The probe's per-GPU results joined to nvidia-smi's GPUs by UUID (CUDA_VISIBLE_DEVICES as a fallback). */
export function loadedGpus(devices: ReadonlyArray<{ index: number; uuid?: string | null }>, inputs: DiagnosisInputs, sharing: GpuSharing[]): LoadedGpu[] {
  const report = inputs.probe.ok ? inputs.probe.report : null
  const hostGpus = inputs.host.kind === 'ok' ? inputs.host.status.gpus : null
  // An older probe did not name the UUID per result: step 1's device list has it.
  const withUuid = devices.map((d) => ({ index: d.index, uuid: d.uuid ?? report?.cuda?.devices.find((t) => t.index === d.index)?.uuid ?? null }))
  const env = { CUDA_VISIBLE_DEVICES: report?.env.CUDA_VISIBLE_DEVICES ?? null, CUDA_DEVICE_ORDER: report?.env.CUDA_DEVICE_ORDER ?? null }
  return mapCudaDevices(withUuid, hostGpus, env).map((d) => {
    const host = d.hostIndex !== null ? (hostGpus?.find((g) => g.index === d.hostIndex) ?? null) : null
    const shared = d.hostIndex !== null ? (sharing.find((s) => s.gpuIndex === d.hostIndex) ?? null) : null
    return { ...d, host, shownIndex: d.hostIndex ?? d.ordinal, sharing: shared, contended: shared?.contended ?? false }
  })
}

/** A metric of one physical GPU over the samples (nvidia-smi indices). */
export function seriesOf(samples: MonitorSample[], hostIndex: number | null, key: 'utilizationGpu' | 'powerW' | 'smClockMHz' | 'temperatureC'): number[] {
  if (hostIndex === null) return []
  return samples.flatMap((s) => s.gpus.filter((g) => g.index === hostIndex).map((g) => g[key])).filter((v): v is number => v !== null)
}

/** Free and busy GPUs among those loaded, and the line that runs a job on the free ones. */
export function freeAndBusy(gpus: readonly LoadedGpu[]): { free: number[]; busy: number[]; runOn: string | null } {
  const free = gpus.filter((g) => !g.contended && g.hostIndex !== null).map((g) => g.hostIndex!)
  const busy = gpus.filter((g) => g.contended).map((g) => g.shownIndex)
  return { free, busy, runOn: busy.length > 0 && free.length > 0 ? runOnCommand(free) : null }
}
