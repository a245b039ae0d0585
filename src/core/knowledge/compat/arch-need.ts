import type { CompatData } from '../../../shared/compat-data'
import { type CudaVersion, parseCudaVersion } from './cuda-version'
import { compatData } from './data'
import { identifyGpu } from './gpu-identity'

/** What a GPU needs from a CUDA build: its architecture, and the first toolkit that compiles for its family. */
export interface ArchNeed {
  arch: string
  minCuda: CudaVersion
}

/**
 * A GPU's need by its marketing name, through identifyGpu (name rows, then pci.ids product names) and its
 * archToolkitFloors (kernels for sm_X0 run on every sm_XY of that major). Null for a name that is
 * unknown or ambiguous ("RTX 5000") and for families older than the table.
 */
export function archNeedOf(gpuName: string, data: CompatData = compatData()): ArchNeed | null {
  const resolved = identifyGpu({ name: gpuName }, data)
  if (resolved.kind !== 'known') return null
  const major = Number(resolved.cc.split('.')[0])
  const floor = data.gpus.archToolkitFloors.find((f) => f.ccMajor === major)
  const minCuda = floor ? parseCudaVersion(floor.cuda) : null
  return minCuda ? { arch: `sm_${resolved.cc.replace('.', '')}`, minCuda } : null
}
