import { useTranslation } from 'react-i18next'

import type { StepId } from '../../../shared/diagnosis'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { formatNumber } from '../../components/number-format'
import { chosenPython } from './diagnosis-store'
import { LiveSmView, EvidenceView } from './EvidenceView'
import { FindingList } from '../../components/FindingList'
import { RichText } from '../../components/RichText'
import { stepNumber } from '../../components/step-status'
import { stepDisplay } from './status'
import { StatusBadge } from '../../components/StatusBadge'
import { stepSummary } from '../../components/finding-texts'

/** One step: what it checks, its verdict and summary, its evidence, and the findings with their fixes. */
export function StepCard({ id }: { id: StepId }) {
  const { t, i18n } = useTranslation()
  const actions = useDiagnosisActions()
  const result = useDiagnosis((s) => s.results[id])
  const run = useDiagnosis((s) => s.run)
  const canRun = useDiagnosis((s) => s.run === null && chosenPython(s) !== null)
  const display = stepDisplay(id, run, result?.status)
  const inRun = run?.stepPhases[id] !== undefined
  const liveSamples = id === 'sm-utilisation' && inRun && run && run.samples.length > 0 ? run.samples : null
  const n = stepNumber(id)
  return (
    <article className={`card step step--${display}${inRun && result ? ' step--stale' : ''}`} data-testid={`step-card-${id}`} id={`step-${id}`}>
      <header className="step__head">
        <span className="step__number" aria-hidden="true">
          {n}
        </span>
        <div className="step__titles">
          <h3 className="step__title" data-testid={`step-title-${id}`}>
            <span className="visually-hidden">{t('diag.stepNumber', { n })} </span>
            {t(`step.${id}.title`, { ns: 'steps' })}
          </h3>
          <p className="step__what">{t(`step.${id}.what`, { ns: 'steps' })}</p>
        </div>
        <div className="step__side">
          <StatusBadge display={display} testId={`step-status-${id}`} />
          <button
            type="button"
            className="button button--small"
            disabled={!canRun}
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
      {result ? (
        <div className="step__body">
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
      ) : (
        !liveSamples && (
          <p className="muted step__empty" data-testid={`step-empty-${id}`}>
            {inRun ? t(`diag.inRun.${run!.stepPhases[id]!}`) : t('diag.notRun')}
          </p>
        )
      )}
    </article>
  )
}
