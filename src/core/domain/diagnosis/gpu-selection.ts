import type { GpuState } from '../../../shared/gpu'
import { bareUuid, type CudaEnv, visibleHostIndices } from './cuda-devices'

/** What `--gpus` accepts: all, or nvidia-smi indices / UUIDs (GPU-…, MIG-…, a unique prefix), comma-separated. */
export const GPU_SELECTION = /^(all|[A-Za-z0-9-]+(,[A-Za-z0-9-]+)*)$/

/**
 * `--gpus 0,3` names GPUs as nvidia-smi numbers them; the probe's CUDA may number them otherwise
 * (CUDA_VISIBLE_DEVICES, CUDA_DEVICE_ORDER), so each index goes to the probe as its UUID.
 * Without nvidia-smi the numbers pass through as CUDA ordinals.
 */
export function probeGpuSelection(gpus: string | undefined, host: GpuState | null): string | undefined {
  if (!gpus || gpus.trim().toLowerCase() === 'all') return undefined
  const byIndex = host?.kind === 'ok' ? new Map(host.status.gpus.map((g) => [String(g.index), g.uuid])) : null
  return gpus
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (/^\d+$/.test(t) && byIndex?.get(t) ? byIndex.get(t)! : t))
    .join(',')
}

/** What `--gpus` asked for that the probe's CUDA cannot use, with what it can. */
export interface UnusableSelection {
  /** The tokens as typed that name no GPU the probe sees. */
  unusable: string[]
  /** nvidia-smi indices the probe's CUDA sees. */
  visible: number[]
}

/**
 * The `--gpus` entries (nvidia-smi indices or UUIDs) that name no GPU the probe can use: a GPU
 * CUDA_VISIBLE_DEVICES hides, or one this machine does not have. Null where every entry is usable,
 * or where that cannot be told (no nvidia-smi, MIG entries, mixed models under FASTEST_FIRST).
 */
export function unusableSelection(gpus: string | undefined, host: GpuState | null, env: CudaEnv): UnusableSelection | null {
  if (!gpus || gpus.trim().toLowerCase() === 'all' || host?.kind !== 'ok') return null
  const gpusOnHost = host.status.gpus
  const placed = visibleHostIndices(env, gpusOnHost)
  if (placed.some((i) => i === null)) return null
  const visible = placed.filter((i): i is number => i !== null)
  const unusable = gpus
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .filter((t) => {
      const gpu = /^\d+$/.test(t) ? gpusOnHost.find((g) => g.index === Number(t)) : gpusOnHost.find((g) => bareUuid(g.uuid).startsWith(bareUuid(t)) && bareUuid(t) !== '')
      if (!gpu && /^MIG-/i.test(t)) return false
      return !gpu || !visible.includes(gpu.index)
    })
  return unusable.length ? { unusable, visible } : null
}
