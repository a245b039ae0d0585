import './step-card.css'
import './evidence/evidence.css'

import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { StepId, StepResult } from '../../shared/diagnosis'
import { EvidenceView } from './evidence/EvidenceView'
import { FindingList } from './FindingList'
import { formatNumber } from './number-format'
import { RichText } from './RichText'
import { StatusBadge } from './StatusBadge'
import { stepSummary } from './finding-texts'
import { type StepDisplay, stepNumber } from './step-status'

export interface StepCardViewProps {
  id: StepId
  /** The step's result; none before its first run. */
  result: StepResult | undefined
  /** The badge: the verdict, or the step's phase in a run under way. */
  display: StepDisplay
  /** More modifiers of the card (`step--stale` while a new run replaces the result). */
  className?: string
  /** Buttons beside the verdict (the Diagnose page's "Run this step"). */
  actions?: ReactNode
  /** Shown instead of the evidence while the step runs (step 4's live chart). */
  live?: ReactNode
  /** Shown when there is neither a result nor `live` (what the step waits for). */
  placeholder?: ReactNode
  /** Every result starts open (a saved diagnosis read back); else a passing or skipped step folds. */
  openByDefault?: boolean
  /** Prefix of the element and test ids: 'step' on the Diagnose page, another where both could show. */
  idPrefix?: string
}

/**
 * One step read-only: what it checks, its verdict and summary, its evidence with charts, and the
 * findings with their fixes. The Diagnose page adds its run button and live chart around it; the
 * Report page shows a saved diagnosis with it.
 */
export function StepCardView({ id, result, display, className = '', actions, live, placeholder, openByDefault = false, idPrefix = 'step' }: StepCardViewProps) {
  const { t, i18n } = useTranslation()
  const folds = !openByDefault && result !== undefined && (result.status === 'pass' || result.status === 'skip')
  // Each new result starts folded or open by its verdict; the reader may flip it.
  const [flipped, setFlipped] = useState<{ for: StepResult | undefined; open: boolean } | null>(null)
  const open = flipped !== null && flipped.for === result ? flipped.open : !folds
  const n = stepNumber(id)
  const bodyId = `${idPrefix}-body-${id}`
  return (
    <article
      className={`card step step--${display}${className ? ` ${className}` : ''}${open ? '' : ' step--folded'}`}
      data-testid={`${idPrefix}-card-${id}`}
      data-open={open}
      id={`${idPrefix}-${id}`}
    >
      <header className="step__head">
        <span className="step__number" aria-hidden="true">
          {n}
        </span>
        <div className="step__titles">
          <h3 className="step__title" data-testid={`${idPrefix}-title-${id}`}>
            <span className="visually-hidden">{t('diag.stepNumber', { n })} </span>
            {t(`step.${id}.title`, { ns: 'steps' })}
          </h3>
          {open || !result ? (
            <p className="step__what">{t(`step.${id}.what`, { ns: 'steps' })}</p>
          ) : (
            <p className="step__what step__what--summary" data-testid={`${idPrefix}-summary-${id}`}>
              <RichText text={stepSummary(result, t)} />
            </p>
          )}
        </div>
        <div className="step__side">
          <StatusBadge display={display} testId={`${idPrefix}-status-${id}`} />
          {result && (
            <button
              type="button"
              className="button button--small button--quiet"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setFlipped({ for: result, open: !open })}
              data-testid={`${idPrefix}-toggle-${id}`}
            >
              {open ? t('diag.fold') : t('diag.unfold')}
            </button>
          )}
          {actions}
        </div>
      </header>
      {live && <div className="step__live">{live}</div>}
      {result && open && (
        <div className="step__body" id={bodyId}>
          <p className="step__summary">
            <span data-testid={`${idPrefix}-summary-${id}`}>
              <RichText text={stepSummary(result, t)} />
            </span>
            {result.durationMs >= 50 && (
              <span className="step__duration">{t('diag.duration', { seconds: formatNumber(result.durationMs / 1000, i18n.language, 1) })}</span>
            )}
          </p>
          {!live && <EvidenceView step={result} />}
          {result.findings.length > 0 && <FindingList findings={result.findings} />}
        </div>
      )}
      {!result && !live && placeholder}
    </article>
  )
}
