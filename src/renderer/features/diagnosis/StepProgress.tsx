import { useTranslation } from 'react-i18next'

import { STEP_IDS } from '../../../shared/constants'
import { useDiagnosis } from './diagnosis-context'
import { stepNumber } from '../../components/step-status'
import { stepDisplay } from './status'
import { StatusBadge } from '../../components/StatusBadge'

/** The five steps in a row: pending / running / measured while a run is under way, then each verdict. */
export function StepProgress() {
  const { t } = useTranslation()
  const run = useDiagnosis((s) => s.run)
  const results = useDiagnosis((s) => s.results)
  return (
    <ol className="progress" data-testid="step-progress">
      {STEP_IDS.map((id) => {
        const display = stepDisplay(id, run, results[id]?.status)
        return (
          <li key={id} className={`progress__item progress__item--${display}`} data-testid={`progress-${id}`} data-state={display}>
            <button
              type="button"
              className="progress__link"
              onClick={() => document.getElementById(`step-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              <span className="progress__number">{stepNumber(id)}</span>
              <span className="progress__title">{t(`step.${id}.title`, { ns: 'steps' })}</span>
            </button>
            <StatusBadge display={display} />
          </li>
        )
      })}
    </ol>
  )
}
