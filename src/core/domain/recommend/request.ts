import { readRegularTextSync } from '../../platform/files/read-regular'

import type { GpuProblem, GpuStatus } from '../../../shared/gpu'
import type { CpuArch, Platform, RecommendRequest } from '../../../shared/recommend'
import { parseSmiOutput } from '../../platform/nvidia-smi/parse-any'
import { readGpuState } from '../../platform/nvidia-smi/read-status'
import { reason } from './reasons'
import { readTegraRelease, TEGRA_RELEASE_FILE } from '../../platform/host/tegra-release'
import { compatData } from '../../knowledge/compat/data'
import type { Reason, RecommendInput } from './types'

/** Where the GPU facts came from, or why there are none. */
export type Gathered =
  | { ok: true; input: RecommendInput }
  | { ok: false; kind: 'smi' | 'machine'; blocker: Reason; input: RecommendInput; problem?: GpuProblem }

// Windows driver models: a capture with one was taken on Windows (or reports the Windows driver).
const WINDOWS_MODELS = /^(?:WDDM|TCC|MCDM)$/i

/** GPUs, driver and the driver's highest CUDA from nvidia-smi output; the platform when it shows. */
export function inputFromStatus(status: GpuStatus): { input: RecommendInput; platform: Platform | null } {
  const windows = status.gpus.some((g) => g.driverModel !== null && WINDOWS_MODELS.test(g.driverModel))
  return {
    input: {
      gpus: status.gpus.map((g) => ({ name: g.name, computeCapability: g.computeCapability })),
      driverVersion: status.driverVersion,
      highestCuda: status.cudaVersion,
    },
    platform: windows ? 'windows' : null,
  }
}

/** This machine's platform for driver numbers: Windows natively and under WSL2. */
export function hostPlatform(): Platform {
  if (process.platform === 'win32') return 'windows'
  if (process.platform !== 'linux') return 'linux'
  try {
    return /microsoft/i.test(readRegularTextSync('/proc/version', 64 * 1024)) ? 'windows' : 'linux'
  } catch {
    return 'linux'
  }
}

/** This host's CPU architecture, as the image platforms name it. */
export function hostCpuArch(): CpuArch {
  return process.arch === 'arm64' ? 'aarch64' : 'x86_64'
}

/** What-if flags over the facts: GPU flags replace the GPU list, --driver replaces the driver and its CUDA. */
export function applyWhatIf(base: RecommendInput, req: RecommendRequest, platform: Platform | null): RecommendInput {
  const flagged = [...(req.gpus ?? []).map((name) => ({ name })), ...(req.ccs ?? []).map((cc) => ({ computeCapability: cc }))]
  return {
    gpus: flagged.length > 0 ? flagged : base.gpus,
    driverVersion: req.driver ?? base.driverVersion ?? null,
    highestCuda: req.driver ? null : (base.highestCuda ?? null),
    platform: req.platform ?? platform ?? 'linux',
    variant: req.devel ? 'devel' : 'runtime',
    torch: req.torch ?? null,
    ngc: req.ngc ?? false,
    ...(req.arch ? { cpuArch: req.arch, cpuArchSource: 'flag' as const } : base.cpuArch ? { cpuArch: base.cpuArch, cpuArchSource: 'host' as const } : {}),
  }
}

/** How to reach this machine's nvidia-smi. */
export interface GatherOptions {
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** Jetson Linux's release file; GPU_DOCTOR_TEGRA_RELEASE in the environment points it elsewhere (tests). */
  tegraReleasePath?: string
}

/**
 * A Jetson without nvidia-smi (JetPack 5 and 6 have none): its Jetson Linux release says which
 * JetPack and CUDA it runs, and that nothing in the tables is known to run there.
 */
function jetsonWithoutSmi(path: string): Reason | null {
  const l4t = readTegraRelease(path)
  if (!l4t) return null
  const row = compatData().gpus.jetpack.find((j) => j.l4t === l4t || j.l4t.startsWith(`${l4t.split('.')[0]}.`))
  return row
    ? reason('block.jetsonHost', { l4t, jetpack: row.jetpack, cuda: row.cuda, modules: row.modules })
    : reason('block.jetsonHostUnknown', { l4t })
}

/**
 * The input for a request: pasted nvidia-smi text, else --gpu/--cc alone (nothing is read), else
 * this machine through nvidia-smi; what-if flags apply on top.
 */
export async function gatherInput(req: RecommendRequest, options: GatherOptions = {}): Promise<Gathered> {
  const empty = applyWhatIf({ gpus: [] }, req, null)
  if (req.smiText !== undefined) {
    const parsed = parseSmiOutput(req.smiText)
    if ('error' in parsed) return { ok: false, kind: 'smi', blocker: reason('block.smi', { message: parsed.error }), input: empty }
    const { input, platform } = inputFromStatus(parsed.status)
    return { ok: true, input: applyWhatIf(input, req, platform) }
  }
  if ((req.gpus?.length ?? 0) + (req.ccs?.length ?? 0) > 0) return { ok: true, input: empty }
  const state = await readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal })
  if (state.kind === 'error') {
    const jetson = jetsonWithoutSmi(options.tegraReleasePath ?? (options.env ?? process.env).GPU_DOCTOR_TEGRA_RELEASE ?? TEGRA_RELEASE_FILE)
    return {
      ok: false,
      kind: 'machine',
      blocker: jetson ?? reason('block.machine', { message: state.problem.message }),
      input: applyWhatIf({ gpus: [] }, req, hostPlatform()),
      problem: state.problem,
    }
  }
  const { input, platform } = inputFromStatus(state.status)
  // This machine: its own architecture (a --gpu what-if on top keeps it only where the GPU does not imply one).
  return { ok: true, input: applyWhatIf({ ...input, cpuArch: hostCpuArch() }, req, platform ?? hostPlatform()) }
}
