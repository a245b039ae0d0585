import type { DockerProblem, EngineInfo } from '../../shared/docker'
import type { GpuProblem, GpuStatus, SamplerSource } from '../../shared/gpu'
import { connectEngine } from '../platform/docker/connect'
import { dockerProcessNamer } from '../platform/docker/name-gpu-processes'
import { sweepEngine } from '../platform/docker/sweep-engine'
import { readGpuState } from '../platform/nvidia-smi/read-status'
import { describeSampler } from '../platform/nvml/live-monitor'

export type StatusSnapshot =
  | { ok: false; problem: GpuProblem }
  | {
      ok: true
      /** The GPUs and their processes, each named by its container where there is one. */
      status: GpuStatus
      /** Leftover containers of killed runs removed on the way. */
      swept: string[]
      /** The reader `monitor` and the live panel would use here, and why not NVML. */
      sampler: SamplerSource
      /** The container engine `diagnose --image` would use; only when asked for. */
      engine?: { ok: true; info: EngineInfo } | { ok: false; problem: DockerProblem }
    }

/**
 * `gpu-doctor status` on this machine: nvidia-smi's view of the GPUs, the sampler, and (`withEngine`)
 * the container engine. Labelled containers of killed runs go at every look at the machine, not only
 * at the next `diagnose --image`.
 */
export async function statusSnapshot(options: { nvidiaSmiPath?: string; env: NodeJS.ProcessEnv; signal?: AbortSignal; withEngine: boolean }): Promise<StatusSnapshot> {
  const { nvidiaSmiPath, env } = options
  const sweep = sweepEngine(env)
  const state = await readGpuState({ nvidiaSmiPath, env, signal: options.signal, nameProcesses: dockerProcessNamer(env) })
  if (state.kind === 'error') return { ok: false, problem: state.problem }
  const swept = await sweep
  const sampler = await describeSampler({ intervalMs: 1000, nvidiaSmiPath, env })
  return { ok: true, status: state.status, swept, sampler, ...(options.withEngine ? { engine: await connectEngine(env) } : {}) }
}
