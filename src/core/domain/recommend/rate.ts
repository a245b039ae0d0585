import type { CompatData, Mark } from '../../../shared/compat-data'
import type { Compatibility } from '../../../shared/recommend'
import { archCoverage } from '../../knowledge/compat/arch-coverage'
import { compareVersions } from '../../knowledge/compat/compare-versions'
import { parseCudaVersion } from '../../knowledge/compat/cuda-version'
import type { Candidate } from './candidates'
import {
  compareCudaMinor,
  cudaMinor,
  driverAtLeast,
  minorVersionFloor,
  minorVersionRule,
  nativeMinimum,
} from '../../knowledge/compat/driver'
import { weakest } from '../../knowledge/compat/marks'
import { reason } from './reasons'
import type { Machine, MachineGpu, Reason } from './types'

/** GPUs of one compute capability, rated together ("4× Tesla T4" is one verdict). */
export interface GpuGroup {
  cc: string
  sm: string
  label: string
  gpus: MachineGpu[]
}

/** A candidate rated against a machine. */
export interface Rated {
  candidate: Candidate
  compatibility: Compatibility
  /** Every GPU has code in the image (whatever the driver). */
  archOk: boolean
  /** Groups with no code in the image. */
  archMissing: GpuGroup[]
  /** The driver can run it (natively or minor-version), whatever the GPUs. */
  driverOk: boolean
  blackwellBlocked: boolean
  reasons: Reason[]
  mark: Mark
}

const PLATFORM_NAME = { linux: 'Linux', windows: 'Windows' } as const
// sm_100/sm_120 code first came with CUDA 12.8 (compat-matrix §2): an older image has none.
const ARCH_MIN_CUDA: ReadonlyArray<readonly [minCc: string, cuda: string]> = [['10.0', '12.8']]

/** GPUs grouped by compute capability, in the order they were given. */
export function groupGpus(gpus: readonly MachineGpu[]): GpuGroup[] {
  const groups = new Map<string, GpuGroup>()
  for (const gpu of gpus) {
    const group = groups.get(gpu.cc) ?? { cc: gpu.cc, sm: gpu.sm, label: '', gpus: [] }
    group.gpus.push(gpu)
    groups.set(gpu.cc, group)
  }
  for (const group of groups.values()) {
    const names = [...new Set(group.gpus.map((g) => g.name ?? `compute capability ${g.cc} GPU`))]
    group.label = names.join(' / ')
  }
  return [...groups.values()]
}

const ccAtLeast = (cc: string, min: string) => compareVersions(cc, min) >= 0

interface ArchVerdict {
  ok: boolean
  viaPtx: boolean
  reasons: Reason[]
  mark: Mark
}

function rateArch(c: Candidate, g: GpuGroup, data: CompatData): ArchVerdict {
  const vars = { gpu: g.label, sm: g.sm, cc: g.cc }
  for (const [minCc, minCuda] of ARCH_MIN_CUDA) {
    if (ccAtLeast(g.cc, minCc) && compareCudaMinor(c.cuda, minCuda) < 0) {
      return { ok: false, viaPtx: false, reasons: [reason('arch.needsCuda', { ...vars, cuda: c.cuda, minCuda })], mark: 'P' }
    }
  }
  const floor = c.cudnnMajor === null ? undefined : data.releases.cudnnFloors.find((f) => f.cudnnMajor === c.cudnnMajor)
  if (floor && !ccAtLeast(g.cc, floor.minCc)) {
    return { ok: false, viaPtx: false, reasons: [reason('arch.cudnn', { ...vars, cudnnMajor: floor.cudnnMajor, minCc: floor.minCc })], mark: floor.confidence }
  }
  const arch = c.arch
  if (arch.kind === 'unknown') return { ok: true, viaPtx: false, reasons: [reason('arch.unknown')], mark: 'U' }
  if (arch.kind === 'min-cc') {
    if (arch.minCc === null) return { ok: true, viaPtx: false, reasons: [reason('arch.ngcUnknown', { ...vars, release: c.release })], mark: 'U' }
    if (!ccAtLeast(g.cc, arch.minCc)) {
      return { ok: false, viaPtx: false, reasons: [reason('arch.ngcMin', { ...vars, release: c.release, minCc: arch.minCc })], mark: arch.mark }
    }
    return { ok: true, viaPtx: false, reasons: [], mark: arch.mark }
  }
  const cover = archCoverage(g.cc, arch.entries)
  if (!cover.covered) {
    return { ok: false, viaPtx: false, reasons: [reason('arch.missing', { ...vars, archs: arch.entries.join(', ') })], mark: arch.mark }
  }
  const reasons: Reason[] = []
  let mark = arch.mark
  if (cover.via === 'sass') reasons.push(reason('arch.sass', vars))
  else if (cover.via === 'sass-compatible') reasons.push(reason('arch.compatible', { ...vars, entry: cover.entry ?? '' }))
  else {
    reasons.push(reason('arch.ptx', { ...vars, entry: cover.entry ?? '' }))
    if (arch.ptxMark !== 'P') reasons.push(reason('mark.ptx', vars))
    mark = weakest(mark, arch.ptxMark)
  }
  return { ok: true, viaPtx: cover.via === 'ptx', reasons, mark }
}

interface DriverVerdict {
  compatibility: Compatibility
  blackwell: boolean
  reasons: Reason[]
  mark: Mark
}

function rateDriver(c: Candidate, groups: GpuGroup[], machine: Machine, data: CompatData): DriverVerdict {
  const { driver, platform } = machine
  const cuda = cudaMinor(c.cuda) ?? c.cuda
  const native = nativeMinimum(data, cuda, platform)
  const nativeMin = native?.driver ?? '?'
  const platformName = PLATFORM_NAME[platform]

  if (driver.version) {
    for (const floor of data.drivers.gpuDriverFloors) {
      const min = platform === 'windows' ? floor.windows : floor.linux
      const blocked = groups.find((g) => ccAtLeast(g.cc, floor.minCc))
      if (blocked && !driverAtLeast(driver.version, min)) {
        const why = reason('driver.blackwell', { gpu: blocked.label, sm: blocked.sm, min, driver: driver.version })
        return { compatibility: 'incompatible', blackwell: true, reasons: [why], mark: floor.confidence }
      }
    }
  }
  if (driver.source === 'assumed') {
    return { compatibility: 'native', blackwell: false, reasons: [reason('driver.assumed', { cuda, nativeMin, platform: platformName })], mark: 'P' }
  }
  // Verdicts above the branch below rest on the derived row; older CUDA runs either way.
  const derivation =
    driver.source === 'driver-table' && driver.mark !== 'P' && (!driver.belowCuda || compareCudaMinor(cuda, driver.belowCuda) > 0)
      ? [reason('mark.driverTable', { mark: driver.mark, driver: driver.version ?? '', driverCuda: driver.highestCuda ?? '' })]
      : []
  const base = { driver: driver.version ?? '?', driverCuda: driver.highestCuda ?? '< 10.0', cuda, nativeMin, platform: platformName }
  const derivationMark = derivation.length ? driver.mark : 'P'
  if (driver.highestCuda && compareCudaMinor(driver.highestCuda, cuda) >= 0) {
    return { compatibility: 'native', blackwell: false, reasons: [reason('driver.native', base), ...derivation], mark: derivationMark }
  }
  const rule = minorVersionRule(data, cuda)
  const major = parseCudaVersion(cuda)?.major ?? 0
  const driverMajor = parseCudaVersion(driver.highestCuda)?.major ?? 0
  if (rule) {
    const floor = minorVersionFloor(rule, platform)
    const vars = { ...base, major, floor: floor.driver }
    const floorNote = floor.mark !== 'P' ? [reason('mark.floor', { ...vars, mark: floor.mark })] : []
    const aboveFloor = driver.version ? driverAtLeast(driver.version, floor.driver) : true
    if (driverMajor === major && aboveFloor) {
      return {
        compatibility: 'minor-version',
        blackwell: false,
        reasons: [reason('driver.minor', vars), ...floorNote, ...derivation],
        mark: weakest(floor.mark, derivationMark),
      }
    }
    const code = driverMajor === major ? 'driver.tooOld' : 'driver.tooOldMajor'
    return { compatibility: 'incompatible', blackwell: false, reasons: [reason(code, vars), ...derivation], mark: derivationMark }
  }
  return { compatibility: 'incompatible', blackwell: false, reasons: [reason('driver.tooOldMajor', { ...base, major, floor: nativeMin })], mark: 'P' }
}

/** Rates one image for every GPU of the machine: native, minor-version, or incompatible, with reasons. */
export function rateCandidate(c: Candidate, machine: Machine, data: CompatData): Rated {
  const groups = groupGpus(machine.gpus)
  const arch = groups.map((g) => ({ g, v: rateArch(c, g, data) }))
  const drv = rateDriver(c, groups, machine, data)
  const archMissing = arch.filter((a) => !a.v.ok).map((a) => a.g)
  let compatibility: Compatibility = archMissing.length > 0 ? 'incompatible' : drv.compatibility
  const reasons: Reason[] = [...drv.reasons, ...arch.flatMap((a) => a.v.reasons)]
  // An older driver cannot JIT PTX from a newer toolkit: PTX-only GPUs need the native driver.
  if (compatibility === 'minor-version') {
    for (const a of arch.filter((x) => x.v.viaPtx)) reasons.push(reason('arch.ptxNeedsNative', { gpu: a.g.label, sm: a.g.sm }))
    if (arch.some((x) => x.v.viaPtx)) compatibility = 'incompatible'
  }
  // Code only as PTX for some GPU: it runs, but nothing about it is native.
  if (compatibility === 'native' && arch.some((x) => x.v.viaPtx)) compatibility = 'ptx-jit'
  if (machine.platform === 'windows') reasons.push(reason('driver.windows'))
  const gpuNotes = machine.gpus
    .filter((g) => g.mark !== 'P')
    .map((g) => reason('mark.gpuName', { mark: g.mark, gpu: g.name ?? g.cc, cc: g.cc }))
  reasons.push(...c.notes, ...gpuNotes)
  return {
    candidate: c,
    compatibility,
    archOk: archMissing.length === 0,
    archMissing,
    driverOk: drv.compatibility !== 'incompatible',
    blackwellBlocked: drv.blackwell,
    reasons,
    mark: weakest(c.mark, drv.mark, ...arch.map((a) => a.v.mark), ...machine.gpus.map((g) => g.mark)),
  }
}
