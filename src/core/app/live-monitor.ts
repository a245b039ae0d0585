import type { GpuProblem } from '../../shared/gpu'
import { readGpuState } from '../platform/nvidia-smi/read-status'
import { createLiveMonitor, type LiveMonitor } from '../platform/nvml/live-monitor'

/**
 * `gpu-doctor monitor`: one nvidia-smi read first, so that a machine where it cannot work at all
 * fails at once with the full explanation instead of retrying; then the live monitor (NVML
 * in-process, else one nvidia-smi stream), not yet started.
 */
export async function openLiveMonitor(options: { intervalMs: number; nvidiaSmiPath?: string; env: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<{ ok: true; monitor: LiveMonitor } | { ok: false; problem: GpuProblem }> {
  const { intervalMs, nvidiaSmiPath, env } = options
  const first = await readGpuState({ nvidiaSmiPath, env, signal: options.signal })
  if (first.kind === 'error') return { ok: false, problem: first.problem }
  return { ok: true, monitor: await createLiveMonitor({ intervalMs, nvidiaSmiPath, env }) }
}
