import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { StepId, StepResult } from '../../../shared/diagnosis'
import { FindingList } from '../../components/FindingList'
import { formatNumber } from '../../components/number-format'
import { RichText } from '../../components/RichText'
import { StatusBadge } from '../../components/StatusBadge'
import { stepSummary } from '../../components/finding-texts'
import { stepNumber } from '../../components/step-status'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { LiveSmView, EvidenceView } from './EvidenceView'
import { RUN_BLOCKED_ID, useRunBlocked } from './RunControls'
import { stepDisplay } from './status'

/**
 * One step: what it checks, its verdict and summary, its evidence, and the findings with their fixes.
 * A passing or skipped step folds to one line; a failing or warning one opens.
 */
export function StepCard({ id }: { id: StepId }) {
  const { t, i18n } = useTranslation()
  const actions = useDiagnosisActions()
  const result = useDiagnosis((s) => s.results[id])
  const run = useDiagnosis((s) => s.run)
  const blocked = useRunBlocked()
  const display = stepDisplay(id, run, result?.status)
  const phase = run?.stepPhases[id]
  // The live SM chart belongs to step 4 while step 4 runs, not while an earlier step does.
  const liveSamples = id === 'sm-utilisation' && phase === 'running' && run && run.samples.length > 0 ? run.samples : null
  const folds = result !== undefined && (result.status === 'pass' || result.status === 'skip')
  // Each new result starts folded or open by its verdict; the reader may flip it.
  const [flipped, setFlipped] = useState<{ for: StepResult | undefined; open: boolean } | null>(null)
  const open = flipped !== null && flipped.for === result ? flipped.open : !folds
  const n = stepNumber(id)
  const bodyId = `step-body-${id}`
  return (
    <article
      className={`card step step--${display}${phase && result ? ' step--stale' : ''}${open ? '' : ' step--folded'}`}
      data-testid={`step-card-${id}`}
      data-open={open}
      id={`step-${id}`}
    >
      <header className="step__head">
        <span className="step__number" aria-hidden="true">
          {n}
        </span>
        <div className="step__titles">
          <h3 className="step__title" data-testid={`step-title-${id}`}>
            <span className="visually-hidden">{t('diag.stepNumber', { n })} </span>
            {t(`step.${id}.title`, { ns: 'steps' })}
          </h3>
          {open || !result ? (
            <p className="step__what">{t(`step.${id}.what`, { ns: 'steps' })}</p>
          ) : (
            <p className="step__what step__what--summary" data-testid={`step-summary-${id}`}>
              <RichText text={stepSummary(result, t)} />
            </p>
          )}
        </div>
        <div className="step__side">
          <StatusBadge display={display} testId={`step-status-${id}`} />
          {result && (
            <button
              type="button"
              className="button button--small button--quiet"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setFlipped({ for: result, open: !open })}
              data-testid={`step-toggle-${id}`}
            >
              {open ? t('diag.fold') : t('diag.unfold')}
            </button>
          )}
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
        </div>
      </header>
      {liveSamples && (
        <div className="step__live">
          <LiveSmView samples={liveSamples} />
        </div>
      )}
      {result && open && (
        <div className="step__body" id={bodyId}>
          <p className="step__summary">
            <span data-testid={`step-summary-${id}`}>
              <RichText text={stepSummary(result, t)} />
            </span>
            {result.durationMs >= 50 && (
              <span className="step__duration">{t('diag.duration', { seconds: formatNumber(result.durationMs / 1000, i18n.language, 1) })}</span>
            )}
          </p>
          {!liveSamples && <EvidenceView step={result} />}
          {result.findings.length > 0 && <FindingList findings={result.findings} />}
        </div>
      )}
      {!result && !liveSamples && phase && (
        <p className="muted step__empty" data-testid={`step-empty-${id}`}>
          {t(`diag.inRun.${phase}`)}
        </p>
      )}
    </article>
  )
}
