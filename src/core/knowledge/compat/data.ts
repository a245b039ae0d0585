import releasesJson from '../../../../resources/data/pytorch-releases.json'
import driversJson from '../../../../resources/data/cuda-drivers.json'
import branchesJson from '../../../../resources/data/driver-branches.json'
import gpusJson from '../../../../resources/data/gpus.json'
import imagesJson from '../../../../resources/data/images.json'
import environmentJson from '../../../../resources/data/cuda-environment.json' with { type: 'json' }
import type { CompatData } from '../../../shared/compat-data'

/** The data files under resources/data, by the key CompatData uses. */
export const COMPAT_FILES = {
  releases: 'pytorch-releases.json',
  drivers: 'cuda-drivers.json',
  branches: 'driver-branches.json',
  gpus: 'gpus.json',
  images: 'images.json',
  environment: 'cuda-environment.json',
} as const satisfies Record<keyof CompatData, string>

/**
 * The tables bundled with this build. They are checked against their schemas before they ship
 * (parseCompatData in check-data.ts, run by `npm run data:check`, the CLI build and the data test;
 * the schemas transform nothing, so the checked tables are these objects), not on every start:
 * building the schemas and checking 160 KB of tables was most of a short CLI command's time.
 */
export function compatData(): CompatData {
  return BUNDLED
}

const BUNDLED = {
  releases: releasesJson,
  drivers: driversJson,
  branches: branchesJson,
  gpus: gpusJson,
  images: imagesJson,
  environment: environmentJson,
} as unknown as CompatData
