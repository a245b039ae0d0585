import type { StepId, StepStatus } from '../../../shared/diagnosis'
import type { StepDisplay } from '../../components/step-status'
import type { RunState } from './diagnosis-store'

/** What a step shows in the progress strip: its phase in the run under way, else its last verdict. */
export function stepDisplay(id: StepId, run: RunState | null, status: StepStatus | undefined): StepDisplay {
  const phase = run?.stepPhases[id]
  if (phase) return phase
  return status ?? 'idle'
}
