import { useTranslation } from 'react-i18next'

import { useReport } from './report-context'
import { FindingList } from '../../components/FindingList'
import { RichText } from '../../components/RichText'
import { StatusBadge } from '../../components/StatusBadge'
import { stepSummary } from '../../components/finding-texts'
import { fieldLabel } from './labels'
import { formatDateTime } from '../../components/date-format'

/** A saved diagnosis, read back: each step's verdict, summary and findings. */
export function OpenedDiagnosis() {
  const { t, i18n } = useTranslation()
  const opened = useReport((s) => s.opened)
  const close = useReport((s) => s.closeOpened)
  if (!opened.id) return null
  const d = opened.value
  return (
    <div className="opened" data-testid="history-opened" data-id={opened.id}>
      <div className="section-head">
        <h3>{d ? t('rep.history.openedTitle', { time: formatDateTime(d.finishedAt, i18n.language) }) : opened.id}</h3>
        <button type="button" className="button button--small" onClick={close} data-testid="history-close">
          {t('rep.history.close')}
        </button>
      </div>
      {opened.loading && !d && <span className="spinner" aria-hidden="true" />}
      {opened.error && <p className="banner banner--error">{t('rep.error', { message: opened.error.message })}</p>}
      {d && (
        <ol className="opened__steps">
          {d.steps.map((step) => (
            <li key={step.id} className="opened__step" data-testid={`opened-step-${step.id}`}>
              <div className="opened__head">
                <strong>{fieldLabel(`step.${step.id}`, t)}</strong>
                <StatusBadge display={step.status} />
              </div>
              <p className="opened__summary">
                <RichText text={stepSummary(step, t)} />
              </p>
              {step.findings.length > 0 && <FindingList findings={step.findings} />}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
