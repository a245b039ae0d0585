import type { Diagnosis, Finding, StepResult } from '../../../shared/diagnosis'
import { makeFinding } from '../findings/finding-catalog'

const onlyPowerCap = (f: Finding) => f.id === 'gpu-clock-throttling' && f.severity === 'info' && f.params.reasons === 'SW power cap'

/**
 * Diagnoses saved before `gpu-power-capped-under-load` existed noted a GPU held at its power limit
 * under full load, on a passing step, as "GPU clocks throttled" with the failure's fix ("check the PSU
 * and power cables"). Read back, it is what today's run says: the GPU working as designed.
 */
export function powerCapAsDesigned(d: Diagnosis): Diagnosis {
  if (!d.steps.some((s) => s.findings.some(onlyPowerCap))) return d
  return { ...d, steps: d.steps.map(upgradeStep) }
}

function upgradeStep(step: StepResult): StepResult {
  if (step.id !== 'sm-utilisation' || !step.findings.some(onlyPowerCap)) return step
  const limits = [...new Set((step.evidence.perGpu ?? []).map((g) => g.powerLimitW).filter((w): w is number => w !== null && w !== undefined))]
  const limit = limits.length > 0 ? limits.join('/') : '?'
  return { ...step, findings: step.findings.map((f) => (onlyPowerCap(f) ? makeFinding('gpu-power-capped-under-load', 'info', { limit }, f.evidence) : f)) }
}
