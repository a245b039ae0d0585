import {
  type CompatData,
  CudaDriversSchema,
  CudaEnvironmentSchema,
  DriverBranchesSchema,
  GpusSchema,
  ImagesSchema,
  PytorchReleasesSchema,
} from '../../../shared/compat-data'
import { COMPAT_FILES } from './data'

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
