import type { StepId, StepStatus } from '../../shared/diagnosis'
import { STEP_IDS } from '../../shared/constants'

/** Where a step stands in the run under way. */
export type StepPhase = 'pending' | 'running' | 'done'

/** What a step shows: its phase in the run under way, else its last verdict, else 'idle'. */
export type StepDisplay = StepPhase | StepStatus | 'idle'

export const stepNumber = (id: StepId): number => STEP_IDS.indexOf(id) + 1

export function isVerdict(d: StepDisplay): d is StepStatus {
  return d === 'pass' || d === 'warn' || d === 'fail' || d === 'skip'
}
