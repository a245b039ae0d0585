import { archCoverage } from '../../knowledge/compat/arch-coverage'
import { parseArchList } from '../../knowledge/compat/arch-list'
import { compatData } from '../../knowledge/compat/data'
import { identifyGpu } from '../../knowledge/compat/gpu-identity'
import type { PasteFacts } from './paste-facts'

function wheelArchList(wheel: string): string[] | null {
  const m = /^(\d+\.\d+)\.\d+\+(cu\d+)$/.exec(wheel)
  if (!m) return null
  const release = compatData().releases.releases.find((r) => r.release === m[1])
  const variant = release?.variants.find((v) => v.variant === m[2])
  return variant?.archList ? parseArchList(variant.archList) : null
}

type Coverage = { covered: boolean; because: string; gpu: string; arch: string; torch: string }

/**
 * Whether the PyTorch wheel the paste names has code for the GPU it names; null when the paste does not say both, or
 * when it names several GPUs the wheel covers differently (the paste does not say which one the error is about).
 */
export function wheelCoversGpu(facts: PasteFacts): Coverage | null {
  for (const wheel of facts.torchWheels) {
    const arch = wheelArchList(wheel)
    if (!arch) continue
    const judged: Coverage[] = []
    for (const name of facts.gpuNames) {
      const gpu = identifyGpu({ name })
      if (gpu.kind !== 'known') continue
      const cover = archCoverage(gpu.cc, arch)
      const because = cover.covered ? `torch ${wheel} has ${cover.entry} for ${name} (${cover.gpuArch})` : `torch ${wheel} has no code for ${name} (${cover.gpuArch})`
      judged.push({ covered: cover.covered, because, gpu: name, arch: cover.gpuArch, torch: wheel })
    }
    if (judged.length === 0) continue
    return judged.every((j) => j.covered === judged[0]!.covered) ? judged[0]! : null
  }
  return null
}
