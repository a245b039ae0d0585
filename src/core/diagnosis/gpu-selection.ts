import type { GpuState } from '../../shared/gpu'

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
