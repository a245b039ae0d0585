import { useTranslation } from 'react-i18next'

import type { HistoryEntry } from '../../../shared/history'
import { useReport, useReportActions } from './report-context'
import { DASH } from '../../components/number-format'
import { STEP_IDS } from '../../../shared/constants'
import { StatusBadge } from '../../components/StatusBadge'
import { HistoryComparison } from './HistoryComparison'
import { OpenedDiagnosis } from './OpenedDiagnosis'
import { formatDateTime } from '../../components/date-format'

function Steps({ entry }: { entry: HistoryEntry }) {
  return (
    <span className="history__steps">
      {STEP_IDS.map((id) => {
        const status = entry.steps.find((s) => s.id === id)?.status
        return <StatusBadge key={id} display={status ?? 'idle'} testId={`history-step-${id}`} />
      })}
    </span>
  )
}

function Row({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const picked = useReport((s) => s.picked.includes(entry.id))
  const opened = useReport((s) => s.opened.id === entry.id)
  const isSource = useReport((s) => s.source.kind === 'history' && s.source.id === entry.id)
  const setSource = useReport((s) => s.setSource)
  const togglePick = useReport((s) => s.togglePick)
  return (
    <tr data-testid="history-entry" data-id={entry.id} className={opened ? 'row--selected' : ''}>
      <td>
        <input type="checkbox" checked={picked} onChange={() => togglePick(entry.id)} aria-label={t('rep.history.pick')} data-testid="history-pick" />
      </td>
      <td className="history__time">{formatDateTime(entry.finishedAt, i18n.language)}</td>
      <td>{entry.gpuModels.join(', ') || DASH}</td>
      <td>{entry.driverVersion ?? DASH}</td>
      <td>{entry.torch ?? DASH}</td>
      <td>{entry.cudnn ?? DASH}</td>
      <td>
        <Steps entry={entry} />
      </td>
      <td className="history__actions">
        <button type="button" className="button button--small" onClick={() => void actions.openHistory(entry.id)} data-testid="history-open">
          {t('rep.history.open')}
        </button>
        <button type="button" className="button button--small" disabled={isSource} onClick={() => setSource({ kind: 'history', id: entry.id })} data-testid="history-use">
          {isSource ? t('rep.history.inReport') : t('rep.history.use')}
        </button>
      </td>
    </tr>
  )
}

/** Past diagnoses (history:list): open one, use it for the report, tick two to compare. */
export function HistoryPanel() {
  const { t } = useTranslation()
  const actions = useReportActions()
  const history = useReport((s) => s.history)
  const picked = useReport((s) => s.picked.length)
  const comparing = useReport((s) => s.comparison.loading)
  const list = history.value ?? []
  return (
    <section className="card history" data-testid="history" aria-busy={history.loading}>
      <div className="section-head">
        <h2>{t('rep.history.title')}</h2>
        <button type="button" className="button button--small" disabled={history.loading} onClick={() => void actions.loadHistory()} data-testid="history-refresh">
          {t('img.refresh')}
        </button>
      </div>
      <p className="muted section-intro">{t('rep.history.intro')}</p>
      {history.error && (
        <p className="banner banner--error" data-testid="history-error">
          {t('rep.error', { message: history.error.message })}
        </p>
      )}
      {history.value && list.length === 0 && (
        <p className="muted" data-testid="history-empty">
          {t('rep.history.empty')}
        </p>
      )}
      {list.length > 0 && (
        <>
          <div className="table-scroll history__list">
            <table className="grid-table">
              <thead>
                <tr>
                  <th>
                    <span className="visually-hidden">{t('rep.history.pick')}</span>
                  </th>
                  <th>{t('rep.history.when')}</th>
                  <th>{t('rep.field.gpuModels')}</th>
                  <th>{t('rep.field.driverVersion')}</th>
                  <th>PyTorch</th>
                  <th>cuDNN</th>
                  <th>{t('rep.history.steps')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <Row key={e.id} entry={e} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="history__compare">
            <button type="button" className="button button--primary" disabled={picked !== 2 || comparing} onClick={() => void actions.compareHistory()} data-testid="history-compare">
              {t('rep.history.compare')}
            </button>
            <span className="muted">{t('rep.history.picked', { count: picked })}</span>
          </div>
        </>
      )}
      <HistoryComparison />
      <OpenedDiagnosis />
    </section>
  )
}
