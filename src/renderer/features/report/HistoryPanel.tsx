import { useTranslation } from 'react-i18next'

import type { HistoryEntry } from '../../../shared/history'
import { useReport, useReportActions } from './report-context'
import { DASH } from '../../components/number-format'
import { STEP_IDS } from '../../../shared/constants'
import { stepNumber } from '../../components/step-status'
import { HistoryComparison } from './HistoryComparison'
import { OpenedDiagnosis } from './OpenedDiagnosis'
import { formatDateTime } from '../../components/date-format'
import { damageText } from './history-text'
import { RunOptionChips } from '../../components/RunOptionChips'
import { failureText } from '../../components/error-text'

/** A verdict's shape beside the step number, so a badge is read without its colour. */
const GLYPH: Record<string, string> = { pass: '✓', warn: '!', fail: '✗', skip: '–' }

/** Five small badges, one per step: its number and the verdict's mark in its colour, the verdict in words for readers and on hover. */
export function StepBadges({ steps, testPrefix }: { steps: HistoryEntry['steps']; testPrefix: string }) {
  const { t } = useTranslation()
  return (
    <span className="history__steps">
      {STEP_IDS.map((id) => {
        const status = steps.find((s) => s.id === id)?.status
        const verdict = status ? t(`diag.status.${status}`) : t('rep.history.notRun')
        const label = t('rep.history.stepBadge', { n: stepNumber(id), step: t(`step.${id}.title`, { ns: 'steps' }), verdict })
        return (
          <span key={id} className={`status status--${status ?? 'idle'} history__badge`} title={label} data-testid={`${testPrefix}-${id}`} data-status={status ?? 'idle'}>
            <span aria-hidden="true" data-testid="history-mark">
              {stepNumber(id)}
              {status ? GLYPH[status] : ''}
            </span>
            <span className="visually-hidden">{label}</span>
          </span>
        )
      })}
    </span>
  )
}

/** The interpreter a run used, or the container image it ran in. */
export function RunTarget({ entry }: { entry: Pick<HistoryEntry, 'python' | 'image'> }) {
  const { t } = useTranslation()
  if (entry.image) return <span data-testid="history-target">{t('rep.history.inImage', { image: entry.image })}</span>
  return entry.python ? (
    <code className="history__python" data-testid="history-target">
      {entry.python}
    </code>
  ) : (
    <span className="muted">{DASH}</span>
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
  const versions = [
    entry.torch && t('rep.history.torch', { version: entry.torch }),
    entry.driverVersion && t('rep.history.driver', { version: entry.driverVersion }),
    entry.cudnn && t('rep.history.cudnn', { version: entry.cudnn }),
  ].filter(Boolean)
  return (
    <tr data-testid="history-entry" data-id={entry.id} className={opened ? 'row--selected' : ''}>
      <td>
        <input type="checkbox" checked={picked} onChange={() => togglePick(entry.id)} aria-label={t('rep.history.pick')} data-testid="history-pick" />
      </td>
      <td className="history__time">
        <time dateTime={entry.finishedAt} data-testid="history-time">{formatDateTime(entry.finishedAt, i18n.language, true)}</time>
        {/* Two runs of the same setup differ at least in when and how long: both are said. */}
        <span className="muted history__took" data-testid="history-took">
          {' '}
          {t('rep.history.took', { seconds: Math.max(0, Math.round((Date.parse(entry.finishedAt) - Date.parse(entry.startedAt)) / 1000)) })}
        </span>
      </td>
      <td className="history__run">
        <RunTarget entry={entry} />
        {versions.length > 0 && <span className="history__versions muted">{versions.join(' · ')}</span>}
        <RunOptionChips options={entry.options ?? []} testId="history-options" />
      </td>
      <td data-testid="history-gpus">{entry.gpuModels.join(', ') || DASH}</td>
      <td>
        <StepBadges steps={entry.steps} testPrefix="history-step" />
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
  const unreadable = useReport((s) => s.historyUnreadable)
  const keeps = useReport((s) => s.historyKeeps)
  return (
    <section className="card history" data-testid="history" aria-busy={history.loading}>
      <div className="section-head">
        <h2>{t('rep.history.title')}</h2>
        <button type="button" className="button button--small" disabled={history.loading} onClick={() => void actions.loadHistory()} data-testid="history-refresh">
          {t('img.refresh')}
        </button>
      </div>
      <p className="muted section-intro">
        {t('rep.history.intro')}
        {keeps !== null && (
          <>
            {' '}
            <span data-testid="history-keeps">{t('hist.keeps', { count: keeps })}</span>
          </>
        )}
      </p>
      {unreadable.length > 0 && (
        <div className="banner banner--warn" data-testid="history-unreadable" role="status">
          {t('hist.unreadable', { count: unreadable.length })}
          <ul>
            {unreadable.map((e) => (
              <li key={e.id} data-testid="history-unreadable-entry" data-id={e.id}>
                {t('hist.unreadableItem', { id: e.id, why: damageText(e, t) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {history.error && (
        <p className="banner banner--error" data-testid="history-error">
          {failureText(t, 'rep.error', history.error)}
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
                  <th>{t('rep.history.python')}</th>
                  <th>{t('rep.field.gpuModels')}</th>
                  <th>{t('rep.history.steps')}</th>
                  <th><span className="visually-hidden">{t('table.actions')}</span></th>
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
