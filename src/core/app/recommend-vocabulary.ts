import { compatData } from '../knowledge/compat/data'
import { identifyGpu } from '../knowledge/compat/gpu-identity'
import { reason } from '../domain/recommend/reasons'
import type { Reason } from '../domain/recommend/types'

// What a what-if machine for `recommend` may name, as the compatibility tables know it.
export { isKnownComputeCapability, knownComputeCapabilities } from '../knowledge/compat/compute-capabilities'

/** The PyTorch releases the tables know, oldest first ("2.4", "2.5"...). */
export function torchReleases(): string[] {
  return compatData().releases.releases.map((r) => r.release)
}

/** Why a GPU name (or a PCI device ID such as 10de:2b85, or a chip such as GB202) cannot be used: unknown, or ambiguous (with the candidates); null when the tables settle it. `shown` is the name as the reason echoes it. */
export function gpuNameProblem(name: string, shown: string): Reason | null {
  // No GPU name is this long: refuse it rather than search (and echo) megabytes.
  const resolved = name.length > 128 ? ({ kind: 'unknown' } as const) : identifyGpu({ name })
  if (resolved.kind === 'unknown') return reason('block.gpuUnknown', { name: shown })
  if (resolved.kind === 'ambiguous') return reason('block.gpuAmbiguous', { name: shown, candidates: resolved.candidates.map((c) => `${c.name} (${c.cc})`).join(', ') })
  return null
}
