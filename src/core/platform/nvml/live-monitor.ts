import type { SamplerSource } from '../../../shared/gpu'
import { locateNvidiaSmi } from '../nvidia-smi/locate'
import { GpuMonitor, type MonitorOptions } from '../nvidia-smi/monitor'
import { NvmlMonitor } from './nvml-monitor'
import { NvmlSampler } from './nvml-sampler'
import { unavailableMessage, type NvmlUnavailable } from './nvml-unavailable'

export type LiveMonitor = GpuMonitor | NvmlMonitor

/**
 * Whether to try NVML at all. GPU_DOCTOR_SAMPLER=nvidia-smi turns it off and =nvml insists on it;
 * by default an nvidia-smi named explicitly (--nvidia-smi, GPU_DOCTOR_NVIDIA_SMI) is what gets used,
 * so a chosen binary (or the tests' stand-in) is never bypassed by the driver's own library.
 */
function skipNvml(options: MonitorOptions, env: NodeJS.ProcessEnv): NvmlUnavailable | null {
  const mode = env.GPU_DOCTOR_SAMPLER ?? 'auto'
  if (mode === 'nvidia-smi') return { reason: 'disabled' }
  const explicit = options.nvidiaSmiPath ?? env.GPU_DOCTOR_NVIDIA_SMI
  if (mode !== 'nvml' && explicit) return { reason: 'explicit-nvidia-smi', path: explicit }
  return null
}

/** NVML if it loads, initialises and sees a GPU; otherwise the streaming nvidia-smi, saying why. */
export async function openNvmlOrReason(
  options: MonitorOptions,
): Promise<{ ok: true; sampler: NvmlSampler } | { ok: false; unavailable: NvmlUnavailable }> {
  const env = options.env ?? process.env
  const skip = skipNvml(options, env)
  if (skip) return { ok: false, unavailable: skip }
  return NvmlSampler.open(env)
}

export function streamSource(options: MonitorOptions, unavailable: NvmlUnavailable): SamplerSource {
  const located = locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env })
  return { kind: 'nvidia-smi', path: located.path, fallback: unavailableMessage(unavailable) }
}

/**
 * The live monitor for the panel, `gpu-doctor monitor` and the diagnosis: NVML in-process where it
 * can be used (no process per sample, per-process utilisation), else one nvidia-smi stream.
 */
export async function createLiveMonitor(options: MonitorOptions & { processPeriodMs?: number }): Promise<LiveMonitor> {
  const opened = await openNvmlOrReason(options)
  if (opened.ok) {
    const source: SamplerSource = { kind: 'nvml', path: opened.sampler.library, fallback: null }
    return new NvmlMonitor(opened.sampler, { intervalMs: options.intervalMs, processPeriodMs: options.processPeriodMs }, source)
  }
  return new GpuMonitor({ ...options, source: streamSource(options, opened.unavailable) })
}

/** Which source a monitor would use now, for `gpu-doctor status` (opens and closes NVML). */
export async function describeSampler(options: MonitorOptions): Promise<SamplerSource> {
  const opened = await openNvmlOrReason(options)
  if (!opened.ok) return streamSource(options, opened.unavailable)
  const source: SamplerSource = { kind: 'nvml', path: opened.sampler.library, fallback: null }
  opened.sampler.close()
  return source
}
