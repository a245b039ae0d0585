import type { Diagnosis, Finding, StepResult } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/constants'
import { makeFinding } from '../findings/finding-catalog'

const sameStatement = (f: Finding) => `${f.id}\u0000${JSON.stringify(f.params ?? {})}`

/**
 * One cause, said once: a finding a later step repeats word for word (same id, same values, e.g.
 * "cuDNN disabled" in steps 2 and 5) stays in the first step that says it; the later step keeps
 * a pointer to it instead (`same-as-step`). Step verdicts are not changed: the later step's result
 * is still spoiled by the cause. Applied to new runs and to diagnoses saved before.
 */
export function referenceRepeatedFindings(d: Diagnosis): Diagnosis {
  const firstStep = new Map<string, number>()
  let changed = false
  const steps = d.steps.map((step): StepResult => {
    const number = STEP_IDS.indexOf(step.id) + 1
    const findings = step.findings.map((f) => {
      if (f.severity === 'info') return f
      const first = firstStep.get(sameStatement(f))
      if (first === undefined) {
        firstStep.set(sameStatement(f), number)
        return f
      }
      changed = true
      return makeFinding('same-as-step', 'info', { step: first, findingId: f.id }, f.evidence)
    })
    return changed ? ({ ...step, findings } as StepResult) : step
  })
  return changed ? { ...d, steps } : d
}
