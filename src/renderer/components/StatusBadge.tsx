import './status-badge.css'

import { useTranslation } from 'react-i18next'

import { isVerdict, type StepDisplay } from './step-status'

/** PASS / WARN / FAIL / SKIP in its colour, or the step's phase in the run under way. */
export function StatusBadge({ display, testId }: { display: StepDisplay; testId?: string }) {
  const { t } = useTranslation()
  const text = isVerdict(display) ? t(`diag.status.${display}`) : t(`diag.phase.${display}`)
  return (
    <span className={`status status--${display}`} data-testid={testId} data-status={display}>
      {display === 'running' && <span className="spinner" aria-hidden="true" />}
      {text}
    </span>
  )
}
