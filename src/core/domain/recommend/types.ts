import type { Mark, TegraDevice } from '../../../shared/compat-data'
import type { MessageParams } from '../../../shared/message'
import type { CpuArch, ImageVariant, Platform } from '../../../shared/recommend'

/** One GPU as the caller knows it: a name, a compute capability, or both (nvidia-smi gives both). */
export interface GpuInput {
  name?: string | null
  computeCapability?: string | null
}

/** What `recommend` needs; everything but the GPUs has a default. */
export interface RecommendInput {
  gpus: GpuInput[]
  /** Driver version as nvidia-smi prints it; null or absent = unknown (a current driver is assumed). */
  driverVersion?: string | null
  /** nvidia-smi's "CUDA Version"; derived from the driver version when absent. */
  highestCuda?: string | null
  /** Windows for native Windows, WSL2 and Docker Desktop: they run on the Windows driver. Default linux. */
  platform?: Platform
  variant?: ImageVariant
  /** A PyTorch release to pin, "2.8". */
  torch?: string | null
  /** Prefer NVIDIA's NGC container. */
  ngc?: boolean
  /** The CPU architecture: given with --arch, or this host's. A GPU that only comes in Arm machines overrides the host's. */
  cpuArch?: CpuArch | null
  cpuArchSource?: 'flag' | 'host'
}

/** A GPU with its compute capability settled. */
export interface MachineGpu {
  index: number
  name: string | null
  cc: string
  sm: string
  source: 'nvidia-smi' | 'name' | 'cc'
  /** Mark of the name → compute capability fact (P when nvidia-smi or --cc said it). */
  mark: Mark
}

/** The driver as the engine uses it. */
export interface DriverFacts {
  version: string | null
  /** Highest CUDA the driver runs natively, major.minor; null when the driver is older than every known CUDA. */
  highestCuda: string | null
  source: 'nvidia-smi' | 'driver-table' | 'assumed' | 'unknown'
  /** Mark of the derivation (branch table row); P when nvidia-smi said it. */
  mark: Mark
  /** The CUDA of the branch below the one used: verdicts on newer CUDA rest on the derivation. */
  belowCuda: string | null
}

/** Everything the rating depends on, settled. */
export interface Machine {
  gpus: MachineGpu[]
  driver: DriverFacts
  platform: Platform
  cpuArch: CpuArch
  cpuArchSource: 'flag' | 'gpu' | 'host' | 'assumed'
  /** The Jetson module family when a GPU is a Jetson's integrated GPU. */
  tegra: TegraDevice | null
}

/** A reason, kept structured so front ends can translate it; `text` renders it in English. */
export interface Reason {
  code: string
  vars: MessageParams
}
