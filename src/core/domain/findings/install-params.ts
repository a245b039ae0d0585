import type { FindingId } from '../../../shared/i18n/findings'
import type { MessageParams } from '../../../shared/message'
import { type InstallPlatform, installCommand } from './install-command'
import { chooseWheelIndex } from '../../knowledge/compat/wheel-index'

/** What a fix's install command is written for: the machine the diagnosis ran on, or what a pasted text shows. */
export interface InstallContext {
  /** The interpreter; null when not known (a pasted text). */
  python: string | null
  platform: InstallPlatform
  /** PEP 668: the Python refuses pip installs, the command makes a venv first. */
  externallyManaged: boolean
  /** The driver's highest CUDA (nvidia-smi's "CUDA Version"), "13.0"; null when not known. */
  driverCuda: string | null
  /** Compute capabilities of the GPUs ("9.0"): the wheel must have kernels for them. */
  gpus: readonly string[]
}

/** Nothing known about the machine: a Linux Python, a current driver. */
export const UNKNOWN_MACHINE: InstallContext = { python: null, platform: 'linux', externallyManaged: false, driverCuda: null, gpus: [] }

/** The findings whose fix is an install command (`{{install}}`), and what each installs. */
const INSTALLS = {
  'cpu-only-torch-build': { packages: ['torch', 'torchvision'], forceReinstall: true },
  'gpu-arch-not-in-wheel': { packages: ['torch', 'torchvision'], forceReinstall: true },
  'torchvision-torch-mismatch': { packages: ['torch', 'torchvision', 'torchaudio'], forceReinstall: true },
  'bundled-cudnn-not-found': { packages: ['torch'], forceReinstall: true },
  'driver-too-old-for-cuda-runtime': { packages: ['torch', 'torchvision'], forceReinstall: true },
  'torch-not-installed': { packages: ['torch'], forceReinstall: false },
  'driver-too-old-for-pytorch': { packages: ['torch', 'torchvision'], forceReinstall: true },
} satisfies Partial<Record<FindingId, { packages: string[]; forceReinstall: boolean }>>

/** A finding whose fix carries an install command. */
export type InstallFindingId = keyof typeof INSTALLS

/** Whether the finding's fix carries an install command. */
export function hasInstallFix(id: string): id is InstallFindingId {
  return Object.hasOwn(INSTALLS, id)
}

/**
 * `{ install }` for a finding whose fix installs PyTorch: the command for this machine, from the
 * wheel index that matches its driver (core/recommend/wheel-index). Empty for other findings.
 * A driver older than every wheel gets the newest release's default index: it must be upgraded first.
 * With the driver unknown, "driver too old for this build" gets the newest release's lowest CUDA.
 */
export function installParams(id: string, machine: InstallContext, params: MessageParams = {}): MessageParams {
  if (!hasInstallFix(id)) return {}
  const spec = INSTALLS[id]
  // A pasted "driver too old" error names the driver's CUDA itself.
  const said = id === 'driver-too-old-for-cuda-runtime' && typeof params.driverCuda === 'string' ? params.driverCuda : null
  const driverCuda = machine.driverCuda ?? said
  const options = {
    platform: machine.platform,
    gpus: machine.gpus,
    // "Too old for this build" with the driver unknown: the oldest CUDA of the newest release is the safest bet.
    unknownDriver: id === 'driver-too-old-for-cuda-runtime' ? ('lowest' as const) : ('default' as const),
  }
  let choice = chooseWheelIndex(driverCuda, options)
  // Nothing runs on this driver: the command for after the upgrade (driver-too-old-for-pytorch says so).
  if (!choice.ok) choice = chooseWheelIndex(null, { ...options, unknownDriver: 'default' })
  const wheel = machine.platform === 'darwin' || !choice.ok ? null : choice
  // torchvision and torchaudio require their exact torch: pinning torch pins them too.
  const packages = spec.packages.map((p) => (p === 'torch' && wheel?.pin ? wheel.pin : p))
  return {
    install: installCommand({
      python: machine.python,
      platform: machine.platform,
      externallyManaged: machine.externallyManaged,
      packages,
      indexUrl: wheel?.indexUrl ?? null,
      forceReinstall: spec.forceReinstall,
    }),
  }
}
