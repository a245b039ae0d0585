import type { CompatData, Mark } from '../../../shared/compat-data'
import { compatData } from './data'
import { driverPredates, firstDriverOf, type GpuFirstDrivers, gpuFirstDrivers } from './gpu-first-drivers'
import type { GpuIdentity } from './gpu-identity'
import { weakest } from './marks'

/** Whether a driver can run a GPU at all, before any CUDA question. */
export type GpuDriverSupport =
  | { kind: 'supported' }
  /**
   * The driver predates the GPU: below the first driver that lists this model (`firstDriver`), or
   * below the first branch that runs its chip family (`minBranch`).
   */
  | { kind: 'tooOld'; minimum: string; basis: 'model' | 'family'; mark: Mark }
  /** The driver branch is newer than the last one for the GPU's architecture (a legacy branch). */
  | { kind: 'dropped'; arch: string; lastBranch: number; mark: Mark }
  /** Nothing to judge by: an unknown GPU, no driver version, or a Jetson (its driver comes with JetPack). */
  | { kind: 'notKnown' }

/** The first branch that runs a GPU: its chip's, else the one every chip of its compute capability shares. */
export function minBranchFor(identity: Extract<GpuIdentity, { kind: 'known' }>, data: CompatData = compatData()): { branch: number; mark: Mark } | null {
  const rows = identity.chipRow ? [identity.chipRow] : data.gpus.chips.filter((c) => c.cc === identity.cc)
  const branches = new Set(rows.map((c) => c.minBranch))
  if (rows.length === 0 || branches.size !== 1 || rows[0]!.minBranch === undefined) return null
  return { branch: rows[0]!.minBranch, mark: weakest(...rows.map((c) => weakest(c.confidence, c.fieldConfidence?.minBranch))) }
}

/** The last branch for the GPU's architecture, where NVIDIA has made it a legacy one. */
export function lastBranchFor(arch: string | null, data: CompatData = compatData()): { branch: number; mark: Mark } | null {
  const row = arch ? data.gpus.architectures.find((a) => a.arch === arch) : undefined
  return row?.lastBranch !== undefined ? { branch: row.lastBranch, mark: row.confidence } : null
}

/** The first Linux build of a branch where the branch table has it ("570.26"), else "R570". */
function branchFloorBuild(branch: number, data: CompatData): string {
  return data.branches.branches.find((b) => b.branch === branch)?.linuxFrom ?? `R${branch}`
}

/** Can this desktop/data-centre driver ("570.124.06") run this GPU? */
export function driverSupportsGpu(
  identity: GpuIdentity,
  driverVersion: string | null | undefined,
  data: CompatData = compatData(),
  firstDrivers: GpuFirstDrivers = gpuFirstDrivers(),
): GpuDriverSupport {
  const branch = Number(driverVersion?.trim().match(/^(\d+)\./)?.[1] ?? NaN)
  if (identity.kind !== 'known' || identity.tegra || !Number.isFinite(branch)) return { kind: 'notKnown' }
  const first = identity.chipRow?.openModulesOnly ? firstDriverOf(identity.deviceIds, firstDrivers) : null
  if (first && driverPredates(driverVersion!.trim(), first, firstDrivers)) return { kind: 'tooOld', minimum: first, basis: 'model', mark: 'P' }
  const floor = minBranchFor(identity, data)
  if (floor && branch < floor.branch) return { kind: 'tooOld', minimum: branchFloorBuild(floor.branch, data), basis: 'family', mark: floor.mark }
  const last = lastBranchFor(identity.arch, data)
  if (last && branch > last.branch) return { kind: 'dropped', arch: identity.arch!, lastBranch: last.branch, mark: last.mark }
  return { kind: 'supported' }
}
