import type { CompatData } from '../../../shared/compat-data'
import { type CudaVersion, parseCudaVersion } from './cuda-version'
import { compareVersions } from './compare-versions'
import { compatData } from './data'
import { highestCudaForDriver } from './driver'

/**
 * The newest CUDA a driver supports natively (`418.67` → 10.1), from the driver-branch table, or null
 * for an unreadable version or one older than the table. Where the platform is not known (a pasted
 * collect_env), the lower of the Linux and Windows floors counts: a driver is never called too old by mistake.
 */
export function driverMaxCuda(driverVersion: string | null | undefined, platform?: 'linux' | 'windows', data: CompatData = compatData()): CudaVersion | null {
  const version = driverVersion?.trim() ?? ''
  if (!/^\d+(?:\.\d+)*$/.test(version)) return null
  const platforms = platform ? [platform] : (['linux', 'windows'] as const)
  const best = platforms
    .map((p) => highestCudaForDriver(data, version, p)?.cuda ?? null)
    .filter((c): c is string => c !== null)
    .sort(compareVersions)
    .at(-1)
  return best ? parseCudaVersion(best) : null
}
