import type { FleetTable } from '../../shared/fleet'
import type { ReportLang } from '../../shared/report'
import { fleetCell, fleetFieldLabel, fleetHeadline, fleetLookFirst, fleetWarnings, reportTranslator } from '../../core/app/fleet-texts'
import { renderTable } from './text-table'

/** The merged fleet for a terminal: one column per node, `≠` on rows that differ, then who to look at first. */
export function renderFleetTable(table: FleetTable, lang: ReportLang, width?: number): string {
  const t = reportTranslator(lang)
  const header = ['', t('col.field'), ...table.nodes.map((n) => n.name)]
  const rows = table.rows.map((r) => [r.differs ? '≠' : '', fleetFieldLabel(r.field, t), ...r.values.map((v) => fleetCell(r.field, v, t))])
  const out = [t('fleet.title', { count: table.nodes.length }), fleetHeadline(table, t), '', renderTable(header, rows, undefined, { width, keep: [0] })]
  const warnings = fleetWarnings(table, t)
  if (warnings.length) out.push('', ...warnings)
  const first = fleetLookFirst(table, t)
  if (first.length) out.push('', t('fleet.lookFirst'), ...first.map((l) => `  ${l}`))
  return out.join('\n')
}
