import type { CompatData, ImagePlatform } from '../../../shared/compat-data'
import type { CpuArch, ImageVariant } from '../../../shared/recommend'
import { type Candidate, compareCandidates, ngcCandidates, officialCandidates } from './candidates'
import { compareCudaMinor, cudaMinor, minorVersionFloor, minorVersionRule, nativeMinimum } from '../../knowledge/compat/driver'
import { groupGpus, type GpuGroup, type Rated, rateCandidate } from './rate'
import { reason } from './reasons'
import type { Machine, Reason } from './types'

/** What the user asked for: -runtime or -devel, a PyTorch pin, NGC first. */
export interface Preferences {
  variant: ImageVariant
  torch: string | null
  ngc: boolean
}

/** A listed image and why it is listed (first choice, newer with a caveat, NGC, other variant). */
export interface Choice {
  rated: Rated
  lead: Reason[]
}

const newestFirst = (list: Rated[]) => [...list].sort((a, b) => compareCandidates(a.candidate, b.candidate))
const isNewer = (a: Rated, b: Rated) => compareCandidates(a.candidate, b.candidate) < 0
const lacks = (r: Rated, g: GpuGroup) => r.archMissing.some((m) => m.cc === g.cc)

/**
 * The rule of compat-matrix §6 R3: the newest release that runs natively, its newest CUDA; else the
 * newest that runs by JIT-compiling PTX; else the newest minor-version one.
 */
function best(list: Rated[]): Rated | undefined {
  const sorted = newestFirst(list)
  for (const level of ['native', 'ptx-jit', 'minor-version'] as const) {
    const found = sorted.find((r) => r.compatibility === level)
    if (found) return found
  }
  return undefined
}

const PICK_LEAD = { native: 'pick.newest', 'ptx-jit': 'pick.newestPtx', 'minor-version': 'pick.newestMinor', incompatible: 'pick.newestMinor' } as const

/** The image platform a CPU architecture runs. */
export const OCI_PLATFORM: Record<CpuArch, ImagePlatform> = { x86_64: 'linux/amd64', aarch64: 'linux/arm64' }

/** Published for the machine's platform and, on a Jetson, known to run on its integrated GPU. */
export function runsOnMachine(c: Candidate, machine: Machine): boolean {
  if (!c.platforms.includes(OCI_PLATFORM[machine.cpuArch])) return false
  return machine.tegra === null || c.tegra.includes(machine.tegra)
}

function jetpackLine(data: CompatData, tegra: string): string {
  const rows = data.gpus.jetpack.filter((j) => j.modules.toLowerCase() === tegra)
  return rows.map((j) => `JetPack ${j.jetpack} (L4T ${j.l4t}) ships CUDA ${j.cuda}`).join('; ') || 'no JetPack release of it is in the tables'
}

/**
 * No official image runs on this platform (pytorch/pytorch CUDA tags are linux/amd64 only): NGC's
 * multi-arch release that runs, or blockers saying why none does.
 */
function decideWithoutOfficial(machine: Machine, prefs: Preferences, data: CompatData, rate: (c: Candidate) => Rated): { choices: Choice[]; blockers: Reason[] } {
  const platform = OCI_PLATFORM[machine.cpuArch]
  const why = machine.tegra
    ? reason('platform.jetson', { device: machine.tegra, platform })
    : reason('platform.officialAmd64', { platform, arch: machine.cpuArch })
  const ngc = ngcCandidates(data).filter((c) => runsOnMachine(c, machine))
  const pool = ngc.filter((c) => matchesPin(c, prefs.torch)).map(rate)
  const pick = best(pool)
  if (pick) return { choices: [{ rated: pick, lead: [reason('pick.ngcPlatform', { platform }), why] }], blockers: [] }
  if (ngc.length === 0) {
    const gpu = machine.gpus[0]?.name ?? machine.gpus[0]?.cc ?? '?'
    return {
      choices: [],
      blockers: machine.tegra
        ? [reason('block.jetsonNone', { gpu, device: machine.tegra, jetpack: jetpackLine(data, machine.tegra) })]
        : [reason('block.platformNone', { platform, arch: machine.cpuArch })],
    }
  }
  if (pool.length === 0) return { choices: [], blockers: [reason('block.pinPlatform', { torch: prefs.torch ?? '', platform }), why] }
  return { choices: [], blockers: [why, ...explainNone(pool, machine, prefs, data)] }
}

function matchesPin(c: Candidate, torch: string | null): boolean {
  return torch === null || (c.pytorch !== null && (c.pytorch === torch || c.pytorch.startsWith(`${torch}.`)))
}

/** Why nothing newer was chosen: newer images without code for a GPU, or needing a newer driver. */
function limits(pick: Rated, pool: Rated[], data: CompatData, machine: Machine): Reason[] {
  const newer = newestFirst(pool.filter((r) => isNewer(r, pick)))
  const out: Reason[] = []
  const noCode = newer.find((r) => !r.archOk)
  for (const g of noCode?.archMissing ?? []) {
    out.push(reason('limit.arch', { torch: noCode!.candidate.pytorch ?? '', cuda: cudaMinor(noCode!.candidate.cuda) ?? '', gpu: g.label, sm: g.sm }))
  }
  if (pick.compatibility === 'native') {
    const needDriver = newer.filter((r) => r.archOk && r.compatibility !== 'native')
    const lowest = needDriver.sort((a, b) => compareCudaMinor(a.candidate.cuda, b.candidate.cuda))[0]
    if (lowest) {
      const cuda = cudaMinor(lowest.candidate.cuda) ?? lowest.candidate.cuda
      out.push(reason('limit.driver', { cuda, nativeMin: nativeMinimum(data, cuda, machine.platform)?.driver ?? '?' }))
    }
  }
  return out
}

function explainPin(pool: Rated[], all: Rated[], groups: GpuGroup[], machine: Machine, prefs: Preferences, data: CompatData): Reason[] {
  const torch = prefs.torch!
  if (pool.length === 0) {
    const known = data.releases.releases.map((r) => r.release)
    return [reason('block.pinUnknown', { torch, known: `${known[0]}–${known.at(-1)}` })]
  }
  const out: Reason[] = groups.filter((g) => pool.every((r) => lacks(r, g))).map((g) => reason('block.pinArch', { torch, gpu: g.label, sm: g.sm }))
  if (out.length === 0) out.push(...explainDriver(pool, groups, machine, data, torch))
  const unpinned = best(all)
  if (unpinned) out.push(reason('block.unpinned', { image: unpinned.candidate.image, compatibility: unpinned.compatibility }))
  return out
}

function explainDriver(covering: Rated[], groups: GpuGroup[], machine: Machine, data: CompatData, torch?: string): Reason[] {
  const { driver, platform } = machine
  const out: Reason[] = []
  if (covering.some((r) => r.blackwellBlocked)) {
    for (const floor of data.drivers.gpuDriverFloors) {
      const min = platform === 'windows' ? floor.windows : floor.linux
      for (const g of groups.filter((x) => Number(x.cc) >= Number(floor.minCc))) {
        out.push(reason('block.driverBlackwell', { gpu: g.label, sm: g.sm, min, driver: driver.version ?? '?' }))
      }
    }
    return out
  }
  const least = [...covering].sort((a, b) => compareCudaMinor(a.candidate.cuda, b.candidate.cuda))[0]
  if (!least) return out
  const cuda = cudaMinor(least.candidate.cuda) ?? least.candidate.cuda
  const nativeMin = nativeMinimum(data, cuda, platform)?.driver ?? '?'
  const rule = minorVersionRule(data, cuda)
  const floor = rule ? minorVersionFloor(rule, platform).driver : nativeMin
  const vars = { driver: driver.version ?? '?', driverCuda: driver.highestCuda ?? '< 10.0', image: least.candidate.image, floor, nativeMin }
  out.push(torch ? reason('block.pinDriver', { ...vars, torch }) : reason('block.driverTooOld', vars))
  return out
}

function explainNone(all: Rated[], machine: Machine, prefs: Preferences, data: CompatData): Reason[] {
  const groups = groupGpus(machine.gpus)
  const none = groups.filter((g) => all.every((r) => lacks(r, g)))
  if (none.length > 0) return none.map((g) => reason('block.archNone', { gpu: g.label, sm: g.sm }))
  const common = all.filter((r) => r.archOk)
  if (common.length > 0) return explainDriver(common, groups, machine, data)
  const out = [reason('block.noCommonArch')]
  for (const g of groups) {
    const cudas = all.filter((r) => !lacks(r, g)).map((r) => cudaMinor(r.candidate.cuda) ?? r.candidate.cuda)
    cudas.sort(compareCudaMinor)
    const alone = decide({ ...machine, gpus: g.gpus }, prefs, data).choices[0]
    const vars = { gpu: g.label, sm: g.sm, minCuda: cudas[0] ?? '', maxCuda: cudas.at(-1) ?? '' }
    out.push(alone ? reason('block.archRange', { ...vars, image: alone.rated.candidate.image }) : reason('block.archRangeNone', vars))
  }
  return out
}

/**
 * The recommendations for a machine, best first: the pick, then the newest minor-version option,
 * the NGC equivalent and the other variant (-devel / -runtime). With nothing runnable: blockers.
 */
export function decide(machine: Machine, prefs: Preferences, data: CompatData): { choices: Choice[]; blockers: Reason[] } {
  const rate = (c: Candidate) => rateCandidate(c, machine, data)
  const fits = (c: Candidate) => runsOnMachine(c, machine)
  const all = officialCandidates(data, prefs.variant).filter(fits).map(rate)
  if (all.length === 0) return decideWithoutOfficial(machine, prefs, data, rate)
  const pool = all.filter((r) => matchesPin(r.candidate, prefs.torch))
  const pick = best(pool)
  if (!pick) {
    const blockers = prefs.torch ? explainPin(pool, all, groupGpus(machine.gpus), machine, prefs, data) : explainNone(all, machine, prefs, data)
    return { choices: [], blockers }
  }
  const pickLead = prefs.torch
    ? [reason('pick.pinned', { torch: prefs.torch })]
    : [reason(PICK_LEAD[pick.compatibility])]
  const first: Choice = { rated: pick, lead: [...pickLead, ...limits(pick, pool, data, machine)] }

  const minor = pick.compatibility === 'native' ? newestFirst(pool).find((r) => r.compatibility === 'minor-version') : undefined
  const newerMinor: Choice | null = minor && isNewer(minor, pick) ? { rated: minor, lead: [reason('alt.minor')] } : null

  const ngcRated = best(ngcCandidates(data).filter((c) => fits(c) && matchesPin(c, prefs.torch)).map(rate))
  const ngc: Choice | null = ngcRated ? { rated: ngcRated, lead: [reason('alt.ngc', { release: ngcRated.candidate.release })] } : null

  const otherVariant: ImageVariant = prefs.variant === 'runtime' ? 'devel' : 'runtime'
  const twin = officialCandidates(data, otherVariant).find(
    (c) => fits(c) && c.pytorch === pick.candidate.pytorch && c.cuda === pick.candidate.cuda,
  )
  const twinRated = twin ? rate(twin) : null
  const other: Choice | null =
    twinRated && twinRated.compatibility !== 'incompatible'
      ? { rated: twinRated, lead: [reason(otherVariant === 'devel' ? 'alt.devel' : 'alt.runtime')] }
      : null

  const ordered = prefs.ngc ? [ngc, first, newerMinor, other] : [first, newerMinor, ngc, other]
  return { choices: ordered.filter((c): c is Choice => c !== null), blockers: [] }
}
