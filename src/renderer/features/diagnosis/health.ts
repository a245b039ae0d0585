import { PCIE_LOADED_PERCENT, POWER_LIMIT_SLACK_W } from '../../../shared/constants'
import type { GpuHealthFacts, HealthResult } from '../../../shared/health'

export type HealthVerdict = 'pass' | 'warn' | 'fail'
export type Tone = 'normal' | 'warn' | 'bad'

/** FAIL with an error finding, WARN with a warning, else PASS (notes alone do not warn). */
export function healthVerdict(h: HealthResult): HealthVerdict {
  if (h.findings.some((f) => f.severity === 'error')) return 'fail'
  if (h.findings.some((f) => f.severity === 'warning')) return 'warn'
  return 'pass'
}

/** Findings worse than a note: what the summary counts as problems. */
export const healthProblems = (h: HealthResult): number => h.findings.filter((f) => f.severity !== 'info').length

const below = (current: number | null, max: number | null) => current !== null && max !== null && current < max

/** How each fact of one GPU's line reads: the same limits as the core's rules. */
export function gpuTones(g: GpuHealthFacts): Record<'pcie' | 'ecc' | 'remap' | 'persistence' | 'power', Tone> {
  const loaded = g.utilizationGpu !== null && g.utilizationGpu >= PCIE_LOADED_PERCENT
  const narrow = below(g.pcie.widthCurrent, g.pcie.widthMax)
  const slow = below(g.pcie.genCurrent, g.pcie.genMax)
  const { limitW, defaultLimitW } = g.power
  return {
    // A lower generation at idle is the driver saving power; a narrower link never is.
    pcie: narrow || (slow && loaded) ? 'warn' : 'normal',
    ecc: (g.ecc.volatileUncorrectable ?? 0) > 0 || (g.ecc.aggregateUncorrectable ?? 0) > 0 ? 'bad' : 'normal',
    remap: g.remappedRows.pending || g.remappedRows.failure || g.retiredPagesPending ? 'bad' : 'normal',
    persistence: g.persistenceMode === false ? 'warn' : 'normal',
    power: limitW !== null && defaultLimitW !== null && limitW < defaultLimitW - POWER_LIMIT_SLACK_W ? 'warn' : 'normal',
  }
}
