import type { Diagnosis } from '../../../shared/diagnosis'
import { findStep } from '../../../shared/diagnosis'
import type { GpuState } from '../../../shared/gpu'
import type { HostFacts } from '../../../shared/host'
import type { Report } from '../../../shared/report'
import { recommend } from '../recommend/recommend'
import { applyWhatIf, inputFromStatus } from '../recommend/request'

export interface RecommendationSlot {
  recommendation: Report['recommendation']
  /** An i18n code (`recommendation.note.<code>`) saying why there is none. */
  note: 'no-gpu' | 'no-gpu-run' | 'failed' | null
}

/** The images recommended for the GPUs nvidia-smi reported, or why there are none. Pure. */
export function recommendationFor(gpu: GpuState | null, host: HostFacts | null): RecommendationSlot {
  if (gpu?.kind !== 'ok' || gpu.status.gpus.length === 0) return { recommendation: null, note: 'no-gpu' }
  // WSL2 runs on the Windows driver, so its driver numbers are Windows ones.
  const hostPlatform = host && (host.isWsl || host.platform === 'win32') ? 'windows' : 'linux'
  try {
    const { input, platform } = inputFromStatus(gpu.status)
    return { recommendation: recommend(applyWhatIf(input, {}, platform ?? hostPlatform)), note: null }
  } catch {
    return { recommendation: null, note: 'failed' }
  }
}

/**
 * The images recommended for the GPUs and driver an earlier run recorded (PyTorch's devices, else
 * nvidia-smi's list in step 1 when PyTorch saw none), never this machine's. Pure.
 */
export function recommendationForRun(diagnosis: Diagnosis): RecommendationSlot {
  const env = diagnosis.environment
  const seen = env.gpus?.length ? env.gpus : (findStep(diagnosis.steps, 'gpu-visible')?.evidence.hostGpus ?? [])
  if (seen.length === 0) return { recommendation: null, note: 'no-gpu-run' }
  try {
    const input = { gpus: seen.map((g) => ({ name: g.name, computeCapability: g.computeCapability })), driverVersion: env.driverVersion ?? null, highestCuda: env.driverCuda ?? null }
    return { recommendation: recommend(applyWhatIf(input, {}, env.platform === 'win32' ? 'windows' : 'linux')), note: null }
  } catch {
    return { recommendation: null, note: 'failed' }
  }
}
