import type { CompatData } from '../../../shared/compat-data'
import { compareVersions } from './compare-versions'
import { compatData } from './data'

/**
 * Every compute capability gpus.json knows (its GPUs and the candidates of ambiguous names), in
 * ascending order: the ones a person may ask about with --cc. NVIDIA has shipped no others.
 */
export function knownComputeCapabilities(data: CompatData = compatData()): string[] {
  const ccs = new Set<string>()
  for (const row of data.gpus.gpus) {
    if (row.cc) ccs.add(row.cc)
    for (const c of row.candidates ?? []) ccs.add(c.cc)
  }
  return [...ccs].sort(compareVersions)
}

export function isKnownComputeCapability(cc: string, data: CompatData = compatData()): boolean {
  return knownComputeCapabilities(data).includes(cc.trim())
}
