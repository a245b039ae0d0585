import { useTranslation } from 'react-i18next'

import type { StepId } from '../../../shared/diagnosis'
import { LiveSmView } from '../../components/evidence/EvidenceView'
import { StepCardView } from '../../components/StepCardView'
import { stepNumber } from '../../components/step-status'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { RUN_BLOCKED_ID, useRunBlocked } from './RunControls'
import { stepDisplay } from './status'

/**
 * One step of the guided diagnosis: the shared read-only card, with its "Run this step" button,
 * the live SM chart while step 4 runs, and what a step of the run under way waits for.
 * A passing or skipped step folds to one line; a failing or warning one opens.
 */
export function StepCard({ id }: { id: StepId }) {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  const result = useDiagnosis((s) => s.results[id])
  const run = useDiagnosis((s) => s.run)
  const blocked = useRunBlocked()
  const display = stepDisplay(id, run, result?.status)
  const phase = run?.stepPhases[id]
  // The live SM chart belongs to step 4 while step 4 runs, not while an earlier step does.
  const liveSamples = id === 'sm-utilisation' && phase === 'running' && run && run.samples.length > 0 ? run.samples : null
  const n = stepNumber(id)
  return (
    <StepCardView
      id={id}
      result={result}
      display={display}
      className={phase && result ? 'step--stale' : ''}
      live={liveSamples ? <LiveSmView samples={liveSamples} /> : undefined}
      placeholder={
        phase ? (
          <p className="muted step__empty" data-testid={`step-empty-${id}`}>
            {t(`diag.inRun.${phase}`)}
          </p>
        ) : undefined
      }
      actions={
        <button
          type="button"
          className="button button--small"
          disabled={blocked !== null}
          title={blocked ?? undefined}
          aria-describedby={blocked && !run ? RUN_BLOCKED_ID : undefined}
          onClick={() => void actions.run([id])}
          aria-label={t('diag.runStepLabel', { n })}
          data-testid={`step-run-${id}`}
        >
          {t('diag.runStep')}
        </button>
      }
    />
  )
}
