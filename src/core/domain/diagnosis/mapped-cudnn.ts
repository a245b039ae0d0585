import type { ProbeReport } from '../../../shared/probe'

/**
 * The libraries the probe process had mapped, read after a cuDNN convolution ran when that workload
 * ran (cuDNN loads lazily), else at the probe's end. Steps 2 and 3 both read the mapped cuDNN from
 * here, so they cannot name different files.
 */
export function mappedLibraries(r: ProbeReport): string[] {
  const maps = r.workloads?.['cudnn-maps']
  return maps && 'mapped' in maps ? (maps.mapped ?? []) : (r.mappedLibraries ?? [])
}

/** The cuDNN files among them. */
export function mappedCudnnFiles(r: ProbeReport): string[] {
  return mappedLibraries(r).filter((p) => /\/libcudnn[^/]*\.so/.test(p))
}
