import { useTranslation } from 'react-i18next'

import { RichText } from '../../components/RichText'

import type { FleetTable } from '../../../shared/fleet'
import { useReport, useReportActions } from './report-context'
import { DASH } from '../../components/number-format'
import { StatusBadge } from '../../components/StatusBadge'
import { isVerdict } from '../../components/step-status'
import { formatSize } from '../../components/size-and-age-format'
import { differingCells, lookFirstItems, nodeFileNames, rejectedFileName } from './fleet-view'
import { fieldLabel } from './labels'
import { failureText } from '../../components/error-text'

function Cell({ field, value }: { field: string; value: string | null }) {
  const { t } = useTranslation()
  if (value === null || value === '') return <span className="muted">{DASH}</span>
  if (field.startsWith('step.') && isVerdict(value as never)) return <StatusBadge display={value as 'pass'} />
  if (field === 'nodeState') return <>{t(`rep.fleet.state.${value}`, { defaultValue: value })}</>
  return <>{value}</>
}

function Table({ table }: { table: FleetTable }) {
  const { t } = useTranslation()
  const files = useReport((s) => s.fleetFiles)
  const names = nodeFileNames(files, table)
  return (
    <div className="table-scroll">
      <table className="grid-table fleet-table" data-testid="fleet-table">
        <thead>
          <tr>
            <th><span className="visually-hidden">{t('table.item')}</span></th>
            {table.nodes.map((n, i) => (
              <th key={i} data-testid="fleet-node">
                <span className="fleet-table__node">{n.name}</span>
                {names[i] && names[i] !== n.name && <span className="fleet-table__file muted">{names[i]}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => {
            const flags = differingCells(row.values, row.differs)
            return (
              <tr key={row.field} className={row.differs ? 'row--differs' : ''} data-testid="fleet-row" data-field={row.field} data-differs={row.differs}>
                <th>
                  {fieldLabel(row.field, t)}
                  {row.differs && <span className="chip chip--warn fleet-table__flag">{t('rep.fleet.differs')}</span>}
                </th>
                {row.values.map((v, i) => (
                  <td key={i} className={flags[i] ? 'cell--differs' : ''} data-testid="fleet-cell" data-differs={flags[i]}>
                    <Cell field={row.field} value={v} />
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** Fleet: JSON reports of several machines, read here, merged by the core, differences flagged. */
export function FleetPanel() {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const files = useReport((s) => s.fleetFiles)
  const fleet = useReport((s) => s.fleet)
  const table = fleet.value
  return (
    <section className="card fleet" data-testid="fleet" aria-busy={fleet.loading}>
      <h2>{t('rep.fleet.title')}</h2>
      <p className="muted section-intro">
        <RichText text={t('rep.fleet.intro')} />
      </p>
      <label className="fleet__pick">
        <span className="button">{t('rep.fleet.pick')}</span>
        <input
          type="file"
          multiple
          accept=".json,application/json"
          className="visually-hidden"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? [])
            e.target.value = ''
            if (picked.length) void actions.pickFleetFiles(picked)
          }}
          data-testid="fleet-files"
        />
      </label>
      {fleet.loading && <span className="spinner" aria-hidden="true" />}
      {files.length > 0 && (
        <ul className="fleet__files" data-testid="fleet-file-list">
          {files.map((f, i) => (
            <li key={i} className={f.problem ? 'tone-bad' : ''}>
              <code>{f.name}</code> <span className="muted">{formatSize(f.size, i18n.language)}</span>
              {f.problem && <> · {t(`rep.fleet.file.${f.problem}`)}</>}
            </li>
          ))}
        </ul>
      )}
      {fleet.error && (
        <p className="banner banner--error" data-testid="fleet-error">
          {fleet.error.code === 'too-many'
            ? t('rep.fleet.tooMany', { max: fleet.error.message })
            : fleet.error.code === 'too-large'
              ? t('rep.fleet.tooLarge', { max: fleet.error.message })
              : failureText(t, 'rep.error', fleet.error)}
        </p>
      )}
      {table && (
        <>
          {table.rejected.length > 0 && (
            <ul className="banner banner--warn fleet__rejected" data-testid="fleet-rejected">
              {table.rejected.map((r) => (
                <li key={r.index} data-code={r.code}>
                  {t('rep.fleet.rejected', { name: rejectedFileName(files, r.index), reason: t(`rep.fleet.reason.${r.code}`, { detail: r.detail ?? '', defaultValue: r.reason }) })}
                </li>
              ))}
            </ul>
          )}
          <p data-testid="fleet-summary" className={table.differing.length ? 'tone-warn' : 'tone-good'}>
            {table.differing.length
              ? t('rep.fleet.differing', { count: table.differing.length, fields: table.differing.map((f) => fieldLabel(f, t)).join(', ') })
              : t('rep.fleet.same', { count: table.nodes.length })}
          </p>
          {(table.lookFirst ?? []).length > 0 && (
            <div className="banner banner--warn" data-testid="fleet-look-first">
              <strong>{t('rep.fleet.lookFirst')}</strong>
              <ul>
                {lookFirstItems(table, t).map((item) => (
                  <li key={item.node}>
                    <code>{item.node}</code>: {item.reasons.join('; ')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {table.nodes.length > 0 && <Table table={table} />}
        </>
      )}
    </section>
  )
}
