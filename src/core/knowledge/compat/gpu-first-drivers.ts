import { z } from 'zod'

import firstDriversJson from '../../../../resources/data/gpu-first-drivers.json'
import { compareVersions } from './compare-versions'

const VERSION = /^\d+\.\d+(?:\.\d+)?$/

/** resources/data/gpu-first-drivers.json, derived by scripts/data/derive-first-drivers.mjs. */
export const GpuFirstDriversSchema = z.strictObject({
  schemaVersion: z.literal(1),
  title: z.string(),
  source: z.strictObject({
    id: z.string(),
    title: z.string(),
    url: z.string().url(),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    firstTag: z.string().regex(VERSION),
    lastTag: z.string().regex(VERSION),
  }),
  tags: z.array(z.string().regex(VERSION)).min(1),
  devices: z.record(z.string().regex(/^[0-9a-f]{4}$/), z.string().regex(VERSION)),
})
export type GpuFirstDrivers = z.infer<typeof GpuFirstDriversSchema>

export const GPU_FIRST_DRIVERS_FILE = 'gpu-first-drivers.json'

export function gpuFirstDrivers(): GpuFirstDrivers {
  return firstDriversJson as GpuFirstDrivers
}

const branchOf = (v: string) => v.split('.')[0]

/** The lowest driver that lists any of these devices; null where none is listed. */
export function firstDriverOf(deviceIds: readonly string[], table: GpuFirstDrivers = gpuFirstDrivers()): string | null {
  const found = deviceIds.flatMap((id) => (table.devices[id] ? [table.devices[id]] : []))
  return found.sort(compareVersions)[0] ?? null
}

/**
 * True where the driver predates the GPU: a release of the driver's own branch, at or above the
 * driver, did not list it yet. A build newer than every tag read, or of a branch never read, is not
 * judged (it may have added the GPU).
 */
export function driverPredates(driver: string, firstDriver: string, table: GpuFirstDrivers = gpuFirstDrivers()): boolean {
  if (compareVersions(driver, firstDriver) >= 0) return false
  return table.tags.some(
    (t) => branchOf(t) === branchOf(driver) && compareVersions(t, driver) >= 0 && compareVersions(t, firstDriver) < 0,
  )
}
