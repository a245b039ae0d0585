import type { StepId, StepStatus } from '../../shared/diagnosis'
import { STEP_IDS } from '../../shared/constants'
import type { RunState, StepPhase } from '../stores/diagnosis-store'

/** What a step shows in the progress strip: its phase in the run under way, else its last verdict. */
export type StepDisplay = StepPhase | StepStatus | 'idle'

export function stepDisplay(id: StepId, run: RunState | null, status: StepStatus | undefined): StepDisplay {
  const phase = run?.stepPhases[id]
  if (phase) return phase
  return status ?? 'idle'
}

export const stepNumber = (id: StepId): number => STEP_IDS.indexOf(id) + 1

export function isVerdict(d: StepDisplay): d is StepStatus {
  return d === 'pass' || d === 'warn' || d === 'fail' || d === 'skip'
}
