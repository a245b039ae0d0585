import type { CompatData } from '../../../shared/compat-data'
import type { AarchWheel } from '../../../shared/recommend'
import { compareVersions } from '../../knowledge/compat/compare-versions'
import { compareCudaMinor, cudaMinor } from '../../knowledge/compat/driver'
import { archCoverage } from '../../knowledge/compat/arch-coverage'
import { parseArchList } from '../../knowledge/compat/arch-list'
import type { Machine } from './types'
import { PYTORCH_WHEEL_INDEX } from '../../knowledge/compat/wheel-index'

/**
 * The PyTorch wheel for a Linux aarch64 machine: the newest release whose aarch64 build (same
 * index as x86_64, e.g. …/whl/cu130) has kernels for every GPU and a CUDA the driver runs
 * natively. Null on x86_64, on Jetsons other than Thor (they need JetPack's own wheels), and where
 * the tables know no such wheel.
 */
export function aarch64Wheel(machine: Machine, data: CompatData): AarchWheel | null {
  if (machine.cpuArch !== 'aarch64') return null
  if (machine.tegra !== null && machine.tegra !== 'thor') return null
  const driverCuda = machine.driver.source === 'assumed' ? null : machine.driver.highestCuda
  if (machine.driver.source !== 'assumed' && !driverCuda) return null
  const releases = [...data.releases.releases].sort((a, b) => compareVersions(b.latestPatch, a.latestPatch))
  for (const release of releases) {
    const variants = release.variants.filter((v) => v.aarch64).sort((a, b) => compareCudaMinor(b.cuda, a.cuda))
    for (const v of variants) {
      const entries = parseArchList(v.aarch64!.archList)
      if (!entries || !machine.gpus.every((g) => archCoverage(g.cc, entries).covered)) continue
      if (driverCuda && compareCudaMinor(v.cuda, driverCuda) > 0) continue
      const indexUrl = `${PYTORCH_WHEEL_INDEX}${v.variant}`
      return {
        torch: release.latestPatch,
        cudaTag: v.variant,
        cuda: cudaMinor(v.cuda) ?? v.cuda,
        indexUrl,
        archList: v.aarch64!.archList,
        install: `pip install torch==${release.latestPatch} --index-url ${indexUrl}`,
        confidence: v.aarch64!.confidence,
      }
    }
  }
  return null
}
