import type { Diagnosis } from '../../shared/diagnosis'
import type { GpuState } from '../../shared/gpu'
import type { HostFacts } from '../../shared/host'
import type { ReportFacts } from '../../shared/report'
import { num, objs, str } from './json-read'

/**
 * The facts compared across runs and nodes. The diagnosis wins where it has a value (it is what
 * PyTorch saw); nvidia-smi and the host fill the rest.
 */
export function reportFacts(diagnosis: Diagnosis | null, gpu: GpuState | null, host: HostFacts | null): ReportFacts {
  const env = diagnosis?.environment ?? {}
  const status = gpu?.kind === 'ok' ? gpu.status : null
  const envGpus = objs(env.gpus)
  const gpuNames = status ? status.gpus.map((g) => g.name) : envGpus.map((g) => str(g.name)).filter((n): n is string => n !== null)
  const os = host ? [host.distro, host.release].filter(Boolean).join(' ') || host.platform : str(env.platform)
  return {
    hostname: host?.hostname ?? str(env.hostname),
    os: os || null,
    kernel: host?.kernel ?? null,
    driverVersion: str(env.driverVersion) ?? status?.driverVersion ?? host?.kernelModuleDriverVersion ?? null,
    driverCuda: str(env.driverCuda) ?? status?.cudaVersion ?? null,
    torch: str(env.torch),
    torchCuda: str(env.torchCuda),
    cudnn: str(env.cudnn) ?? (num(env.cudnn) !== null ? String(env.cudnn) : null),
    nccl: str(env.nccl),
    python: str(env.python),
    pythonVersion: str(env.pythonVersion),
    image: str(env.image) ?? str(env.containerImage),
    gpuModels: [...new Set(gpuNames)].sort(),
    gpuCount: gpuNames.length,
  }
}

/** GPU models with their counts, e.g. "2× NVIDIA H200". */
export function gpuModelsLabel(diagnosis: Diagnosis | null, gpu: GpuState | null): string | null {
  const names =
    gpu?.kind === 'ok'
      ? gpu.status.gpus.map((g) => g.name)
      : objs(diagnosis?.environment.gpus).map((g) => str(g.name)).filter((n): n is string => n !== null)
  if (names.length === 0) return null
  const counts = new Map<string, number>()
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1)
  return [...counts].map(([n, c]) => `${c}× ${n}`).join(', ')
}
