import type { TFunction } from 'i18next'

import { cleanDocument } from '../../../../shared/control-text'
import type { StepId } from '../../../../shared/diagnosis'
import { STEP_IDS } from '../../../../shared/diagnosis'
import type { FleetTable, LookFirstReason } from '../../../../shared/fleet'
import type { ReportLang } from '../../../../shared/report'
import { escapeHtml as esc } from '../rendering/html-escape'
import { htmlDocument, htmlTable } from '../rendering/html'
import { mdTable, mdInline, mdText } from '../rendering/markdown'
import { reportTranslator } from '../rendering/translator'

export function fleetFieldLabel(field: string, t: TFunction): string {
  const step = /^step\.(.+)$/.exec(field)?.[1]
  if (step && (STEP_IDS as readonly string[]).includes(step)) return `${STEP_IDS.indexOf(step as StepId) + 1}. ${t(`step.${step}.title`, { ns: 'steps' })}`
  return t(`fact.${field}`, { defaultValue: field })
}

/** A table cell as a reader sees it: a step verdict or node state in words, an empty list as "none". */
export function fleetCell(field: string, value: string | null, t: TFunction): string {
  if (field === 'nodeState') return value ? t(`fleet.state.${value}`, { defaultValue: value }) : '—'
  if (field.startsWith('step.')) return value ? t(`verdict.${value}`, { defaultValue: value }) : '—'
  if (field === 'failingSteps') return value === null ? '—' : value || t('label.none')
  return value ?? '—'
}

/** Why an input was not merged, in the report's language. */
export function fleetRejectReason(r: FleetTable['rejected'][number], t: TFunction): string {
  return t(`fleet.reason.${r.code}`, { detail: r.detail ?? '', defaultValue: r.reason })
}

/** The warnings a fleet table leads with: cuDNN and NCCL splits, failing nodes, unread inputs. */
export function fleetWarnings(table: FleetTable, t: TFunction): string[] {
  const out: string[] = []
  if (table.differing.includes('cudnn')) out.push(t('fleet.cudnnWarning'))
  if (table.differing.includes('nccl')) out.push(t('fleet.ncclWarning'))
  const failingNodes = table.nodes.filter((n) => n.failingSteps.length > 0).map((n) => n.name)
  if (failingNodes.length) out.push(t('fleet.failing', { nodes: failingNodes.join(', ') }))
  for (const r of table.rejected) out.push(t('fleet.rejected', { name: r.name, reason: fleetRejectReason(r, t) }))
  return out
}

function reasonText(r: LookFirstReason, t: TFunction): string {
  switch (r.kind) {
    case 'state': {
      const state = t(`fleet.state.${r.state}`, { defaultValue: r.state })
      return r.detail ? t('fleet.why.stateDetail', { state, detail: r.detail }) : t('fleet.why.state', { state })
    }
    case 'drift': {
      const shown = (v: string | null) => v ?? t('fleet.noValue')
      const params = { field: fleetFieldLabel(r.field, t), value: shown(r.value), others: shown(r.others), count: r.count }
      return t(r.split ? 'fleet.why.driftSplit' : 'fleet.why.drift', params)
    }
    case 'health':
      return t('fleet.why.health', { findings: r.findings.join(', ') })
    case 'failing':
      return t('fleet.why.failing', { steps: r.steps.map((s) => fleetFieldLabel(`step.${s}`, t)).join(', ') })
    case 'slow':
      return t(`fleet.why.slow.${r.metric}`, { value: r.value.toFixed(r.metric === 'tflops' ? 1 : 3), median: r.median.toFixed(r.metric === 'tflops' ? 1 : 3) })
  }
}

/** "node: why; why" for each node worth looking at first, worst first. */
export function fleetLookFirst(table: FleetTable, t: TFunction): string[] {
  return (table.lookFirst ?? []).map((n) => `${n.node}: ${n.reasons.map((r) => reasonText(r, t)).join('; ')}`)
}

/** What differs across nodes, or that nothing does. */
export function fleetHeadline(table: FleetTable, t: TFunction): string {
  return table.differing.length ? t('fleet.differs', { fields: table.differing.map((f) => fleetFieldLabel(f, t)).join(', ') }) : t('fleet.same')
}

/** The fleet table as Markdown: one column per node, differing rows in bold and marked in the last column. */
export function renderFleetMarkdown(table: FleetTable, lang: ReportLang): string {
  const t = reportTranslator(lang)
  const columns = [t('col.field'), ...table.nodes.map((n) => n.name), '']
  const rows = table.rows.map((r) => {
    const label = fleetFieldLabel(r.field, t)
    return [r.differs ? { md: `**${mdInline(label)}**` } : label, ...r.values.map((v) => fleetCell(r.field, v, t)), r.differs ? { md: `**${mdInline(t('fleet.flag'))}**` } : '']
  })
  const out = [`## ${mdText(t('fleet.title', { count: table.nodes.length }))}`, `**${mdInline(fleetHeadline(table, t))}**`]
  for (const w of fleetWarnings(table, t)) out.push(`> ${mdText(w)}`)
  const first = fleetLookFirst(table, t)
  if (first.length) out.push(`**${mdInline(t('fleet.lookFirst'))}**\n\n${first.map((l) => `- ${mdText(l)}`).join('\n')}`)
  out.push(mdTable(columns, rows))
  return `${out.join('\n\n')}\n`
}

/** The fleet table as a self-contained HTML page, differing cells highlighted. */
export function renderFleetHtml(table: FleetTable, lang: ReportLang): string {
  const t = reportTranslator(lang)
  const title = t('fleet.title', { count: table.nodes.length })
  const columns = [t('col.field'), ...table.nodes.map((n) => n.name)]
  const rows = table.rows.map((r) => [fleetFieldLabel(r.field, t), ...r.values.map((v) => fleetCell(r.field, v, t))])
  const flagged = (row: number, col: number) => col > 0 && (table.rows[row]?.differs ?? false)
  const body = [
    `<h1>${esc(title)}</h1>`,
    `<p><strong>${esc(fleetHeadline(table, t))}</strong></p>`,
    ...fleetWarnings(table, t).map((w) => `<p class="warning-box">${esc(w)}</p>`),
    ...(fleetLookFirst(table, t).length ? [`<p><strong>${esc(t('fleet.lookFirst'))}</strong></p>`, `<ul>${fleetLookFirst(table, t).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`] : []),
    htmlTable(columns, rows, flagged),
  ].join('\n')
  return htmlDocument(lang, title, body)
}

/**
 * The fleet table as the document a front end prints or writes (-o FILE): what the terminal would
 * show, without escape sequences or bidi overrides, the same cleaning as a report's.
 */
export function renderFleetDocument(table: FleetTable, format: 'md' | 'html' | 'json', lang: ReportLang): string {
  const raw = format === 'json' ? `${JSON.stringify(table, null, 2)}\n` : format === 'html' ? renderFleetHtml(table, lang) : renderFleetMarkdown(table, lang)
  return cleanDocument(raw, format)
}
