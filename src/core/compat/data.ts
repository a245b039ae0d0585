import releasesJson from '../../../resources/data/pytorch-releases.json'
import driversJson from '../../../resources/data/cuda-drivers.json'
import branchesJson from '../../../resources/data/driver-branches.json'
import gpusJson from '../../../resources/data/gpus.json'
import imagesJson from '../../../resources/data/images.json'
import environmentJson from '../../../resources/data/cuda-environment.json'
import {
  type CompatData,
  CudaDriversSchema,
  CudaEnvironmentSchema,
  DriverBranchesSchema,
  GpusSchema,
  ImagesSchema,
  PytorchReleasesSchema,
} from '../../shared/compat-data'

/** The data files under resources/data, by the key CompatData uses. */
export const COMPAT_FILES = {
  releases: 'pytorch-releases.json',
  drivers: 'cuda-drivers.json',
  branches: 'driver-branches.json',
  gpus: 'gpus.json',
  images: 'images.json',
  environment: 'cuda-environment.json',
} as const satisfies Record<keyof CompatData, string>

const SCHEMAS = {
  releases: PytorchReleasesSchema,
  drivers: CudaDriversSchema,
  branches: DriverBranchesSchema,
  gpus: GpusSchema,
  images: ImagesSchema,
  environment: CudaEnvironmentSchema,
}

/** Validates the tables against their schemas; problems name the file and the path. */
export function parseCompatData(raw: Record<keyof CompatData, unknown>): { data: CompatData | null; problems: string[] } {
  const problems: string[] = []
  const parsed: Partial<CompatData> = {}
  for (const key of Object.keys(SCHEMAS) as Array<keyof CompatData>) {
    const result = SCHEMAS[key].safeParse(raw[key])
    if (result.success) (parsed as Record<string, unknown>)[key] = result.data
    else for (const issue of result.error.issues) problems.push(`${COMPAT_FILES[key]}: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return { data: problems.length === 0 ? (parsed as CompatData) : null, problems }
}

let bundled: CompatData | null = null

/** The tables bundled with this build, validated once. A broken table is a build bug: it throws. */
export function compatData(): CompatData {
  if (bundled) return bundled
  const { data, problems } = parseCompatData({
    releases: releasesJson,
    drivers: driversJson,
    branches: branchesJson,
    gpus: gpusJson,
    images: imagesJson,
    environment: environmentJson,
  })
  if (!data) throw new Error(`GPU Doctor's compatibility data is invalid: ${problems.slice(0, 3).join('; ')}`)
  bundled = data
  return data
}
