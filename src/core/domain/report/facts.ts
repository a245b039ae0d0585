import type { Diagnosis } from '../../../shared/diagnosis'
import type { GpuState } from '../../../shared/gpu'
import type { HostFacts } from '../../../shared/host'
import type { ReportFacts } from '../../../shared/report'
import type { Environment } from '../../../shared/evidence'

/**
 * The facts compared across runs and nodes. The diagnosis wins where it has a value (it is what
 * PyTorch saw); nvidia-smi and the host fill the rest.
 */
export function reportFacts(diagnosis: Diagnosis | null, gpu: GpuState | null, host: HostFacts | null): ReportFacts {
  const env: Environment = diagnosis?.environment ?? {}
  const status = gpu?.kind === 'ok' ? gpu.status : null
  const gpuNames = status ? status.gpus.map((g) => g.name) : (env.gpus ?? []).map((g) => g.name)
  const os = host ? [host.distro, host.release].filter(Boolean).join(' ') || host.platform : env.platform
  return {
    hostname: host?.hostname ?? null,
    os: os || null,
    kernel: host?.kernel ?? null,
    driverVersion: env.driverVersion || status?.driverVersion || host?.kernelModuleDriverVersion || null,
    driverCuda: env.driverCuda || status?.cudaVersion || null,
    torch: env.torch || null,
    torchCuda: env.torchCuda || null,
    cudnn: env.cudnn || null,
    nccl: env.nccl || null,
    python: env.python || null,
    pythonVersion: env.pythonVersion || null,
    image: containerImageOf(env),
    gpuModels: [...new Set(gpuNames)].sort(),
    gpuCount: gpuNames.length,
  }
}

/** GPU models with their counts, e.g. "2× NVIDIA H200". */
export function gpuModelsLabel(diagnosis: Diagnosis | null, gpu: GpuState | null): string | null {
  const names =
    gpu?.kind === 'ok'
      ? gpu.status.gpus.map((g) => g.name)
      : (diagnosis?.environment.gpus ?? []).map((g) => g.name)
  if (names.length === 0) return null
  const counts = new Map<string, number>()
  for (const n of [...names].sort()) counts.set(n, (counts.get(n) ?? 0) + 1)
  return [...counts].map(([n, c]) => `${c}× ${n}`).join(', ')
}

/** The image a diagnosis ran in ("container pytorch/pytorch:…" in probeWhere); null on the host. */
export function containerImageOf(env: Environment): string | null {
  const m = /^container (\S+)/.exec(env.probeWhere ?? '')
  return m ? m[1]! : null
}
