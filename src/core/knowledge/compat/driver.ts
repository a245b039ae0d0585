import type { CompatData, Mark, MinorVersionRule, ToolkitDriver } from '../../../shared/compat-data'
import type { Platform } from '../../../shared/recommend'
import { compareVersions } from './compare-versions'
import { parseCudaVersion } from './cuda-version'
import { weakest } from './marks'

/** True when driver version a ≥ b, numerically per dotted part ("570.124.06" ≥ "570.26"). */
export function driverAtLeast(a: string, b: string): boolean {
  return compareVersions(a, b) >= 0
}

/** "12.8.1" → "12.8"; null for anything else. */
export function cudaMinor(cuda: string | null | undefined): string | null {
  const v = parseCudaVersion(cuda)
  return v ? `${v.major}.${v.minor}` : null
}

/** Compares CUDA versions by major.minor only: the patch never changes which driver runs it. */
export function compareCudaMinor(a: string, b: string): number {
  return compareVersions(cudaMinor(a) ?? a, cudaMinor(b) ?? b)
}

/**
 * The highest CUDA a driver reports, from the branch table: the newest branch whose first build on
 * this platform is at or below the driver. Null when the driver predates every row.
 */
export function highestCudaForDriver(
  data: CompatData,
  driver: string,
  platform: Platform,
): { cuda: string; mark: Mark; belowCuda: string | null } | null {
  const rows = data.branches.branches
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!
    const from = platform === 'windows' ? row.windowsFrom : row.linuxFrom
    if (!driverAtLeast(driver, from)) continue
    const fieldMark = platform === 'windows' ? row.fieldConfidence?.windowsFrom : row.fieldConfidence?.linuxFrom
    return { cuda: row.cuda, mark: weakest(row.confidence, fieldMark), belowCuda: rows[i - 1]?.cuda ?? null }
  }
  return null
}

/** The newest CUDA in the branch table: what "a current driver" runs. */
export function newestDriverCuda(data: CompatData): string {
  return data.branches.branches.at(-1)!.cuda
}

/** The GA row of a CUDA major.minor in the toolkit table (not a release candidate), else its first row. */
export function gaToolkit(data: CompatData, cuda: string): ToolkitDriver | null {
  const minor = cudaMinor(cuda)
  const rows = data.drivers.toolkits.filter((t) => cudaMinor(t.cuda) === minor)
  return rows.find((t) => /\bGA\b/.test(t.label)) ?? rows[0] ?? null
}

/** Lowest driver that runs CUDA X.Y natively on this platform (the GA row of the toolkit table). */
export function nativeMinimum(data: CompatData, cuda: string, platform: Platform): { driver: string; mark: Mark } | null {
  const minor = cudaMinor(cuda)
  const ga = gaToolkit(data, cuda)
  if (!ga) return null
  if (platform === 'linux') return { driver: ga.linux, mark: ga.confidence }
  if (ga.windows) return { driver: ga.windows, mark: ga.confidence }
  // 13.x lists N/A for Windows: the branch that reports this CUDA is the best available floor.
  const branch = data.branches.branches.find((b) => b.cuda === minor)
  return branch ? { driver: branch.windowsFrom, mark: weakest(branch.confidence, branch.fieldConfidence?.windowsFrom) } : null
}

/** The minor-version compatibility rule that covers CUDA X.Y, if any. */
export function minorVersionRule(data: CompatData, cuda: string): MinorVersionRule | null {
  const v = parseCudaVersion(cuda)
  if (!v) return null
  return (
    data.drivers.minorVersionCompatibility.find(
      (r) => r.major === v.major && (!r.minors || (v.minor >= r.minors[0] && v.minor <= r.minors[1])),
    ) ?? null
  )
}

/** The rule's floor on this platform, with its mark. */
export function minorVersionFloor(rule: MinorVersionRule, platform: Platform): { driver: string; mark: Mark } {
  return platform === 'windows'
    ? { driver: rule.windows, mark: weakest(rule.confidence, rule.fieldConfidence?.windows) }
    : { driver: rule.linux, mark: weakest(rule.confidence, rule.fieldConfidence?.linux) }
}
