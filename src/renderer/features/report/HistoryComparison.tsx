import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'

import type { Comparison } from '../../../shared/history'
import { useReport } from './report-context'
import { DASH, formatNumber } from '../../components/number-format'
import { StatusBadge } from '../../components/StatusBadge'
import { fieldLabel, metricLabel, ratioVerdict } from './labels'
import { formatDateTime } from '../../components/date-format'
import { failureText } from '../../components/error-text'

/** A compared value as shown: run options (`--disable-cudnn`) in words, a missing value as a dash. */
function changeValue(field: string, value: string | null, t: TFunction): string {
  if (value === null) return DASH
  if (field !== 'runOptions') return value
  return value
    .split(' ')
    .map((flag) => t(`diag.runOption.${flag.replace(/^--/, '')}`, { defaultValue: flag }))
    .join(', ')
}

const TONE = { worse: 'tone-bad', better: 'tone-good', same: '', null: '' } as const

function Timings({ c }: { c: Comparison }) {
  const { t, i18n } = useTranslation()
  const value = (v: number | null, unit: string) => {
    if (v === null) return DASH
    const digits = unit === 'ms' ? (Math.abs(v) >= 100 ? 0 : 2) : unit === '×' ? 2 : unit === 'TFLOP/s' ? 0 : 1
    return `${formatNumber(v, i18n.language, digits)}${unit === '×' ? '' : ' '}${unit}`
  }
  const rows = c.timings.filter((m) => m.a !== null || m.b !== null)
  if (rows.length === 0) return <p className="muted">{t('rep.compare.noTimings')}</p>
  return (
    <table className="grid-table" data-testid="comparison-timings">
      <thead>
        <tr>
          <th>{t('rep.compare.metric')}</th>
          <th className="num">A</th>
          <th className="num">B</th>
          <th className="num">{t('rep.compare.ratio')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => {
          const verdict = ratioVerdict(m.ratio, m.higherIsBetter)
          return (
            <tr key={m.metric} data-testid="comparison-timing" data-metric={m.metric} data-verdict={verdict ?? ''}>
              <th>{metricLabel(m.metric, t)}</th>
              <td className="num">{value(m.a, m.unit)}</td>
              <td className="num">{value(m.b, m.unit)}</td>
              <td className={`num ${TONE[verdict ?? 'null']}`}>
                {m.ratio === null ? DASH : `${formatNumber(m.ratio, i18n.language, 2)}×`}
                {verdict && verdict !== 'same' && <span className="comparison__verdict"> {t(`rep.compare.${verdict}`)}</span>}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** history:compare: what changed between two runs, their verdicts, and their timings as ratios b / a. */
export function HistoryComparison() {
  const { t, i18n } = useTranslation()
  const comparison = useReport((s) => s.comparison)
  if (comparison.error)
    return (
      <p className="banner banner--error" data-testid="comparison-error">
        {failureText(t, 'rep.error', comparison.error)}
      </p>
    )
  const c = comparison.value
  if (!c) return null
  const changed = c.changes.filter((x) => x.changed).length + c.steps.filter((x) => x.changed).length
  return (
    <div className="comparison" data-testid="comparison" data-changed={changed}>
      <h3>{t('rep.compare.title')}</h3>
      <p className="muted">
        A: {formatDateTime(c.a.startedAt, i18n.language, true)} · B: {formatDateTime(c.b.startedAt, i18n.language, true)} ·{' '}
        {changed === 0 ? t('rep.compare.nothingChanged') : t('rep.compare.changed', { count: changed })}
      </p>
      <div className="comparison__grid">
        <table className="grid-table" data-testid="comparison-changes">
          <thead>
            <tr>
              <th><span className="visually-hidden">{t('table.item')}</span></th>
              <th>A</th>
              <th>B</th>
            </tr>
          </thead>
          <tbody>
            {c.changes.map((x) => (
              <tr key={x.field} className={x.changed ? 'row--differs' : ''} data-testid="comparison-change" data-field={x.field} data-changed={x.changed}>
                <th>{fieldLabel(x.field, t)}</th>
                <td>{changeValue(x.field, x.a, t)}</td>
                <td>{changeValue(x.field, x.b, t)}</td>
              </tr>
            ))}
            {c.steps.map((x) => (
              <tr key={x.id} className={x.changed ? 'row--differs' : ''} data-testid="comparison-step" data-step={x.id} data-changed={x.changed}>
                <th>{fieldLabel(`step.${x.id}`, t)}</th>
                <td>
                  <StatusBadge display={x.a ?? 'idle'} />
                </td>
                <td>
                  <StatusBadge display={x.b ?? 'idle'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Timings c={c} />
      </div>
    </div>
  )
}
