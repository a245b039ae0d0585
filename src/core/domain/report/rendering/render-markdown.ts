import type { StepStatus } from '../../../../shared/diagnosis'
import type { Report, ReportLang } from '../../../../shared/report'
import { type MdRaw, mdDetails, mdFacts, mdFence, mdTable, mdInline, mdText, mdViewTable } from './markdown'
import { reportView } from './report-view'
import type { ReportView, ViewFacts, ViewFinding, ViewStep, ViewTable } from './view-types'

// Verdicts and severities are words, never emoji: they read the same with or without an emoji
// font (a PDF or a terminal without one shows empty boxes), and GitHub renders the bold.

/** A verdict for a table cell: bold, except SKIP, which is not news. */
const verdictMd = (status: StepStatus, verdict: string): MdRaw => ({ md: status === 'skip' ? mdText(verdict) : `**${mdInline(verdict)}**` })

function findingMd(f: ViewFinding, fixLabel: string, withEvidence = true): string {
  const where = f.stepTitle ? ` — ${mdText(f.stepTitle)}` : ''
  const id = f.known ? ` (\`${f.id}\`)` : ''
  const lines = [`- **${mdInline(f.severityLabel.toLocaleUpperCase())}** · **${mdInline(f.title, '  ')}**${id}${where}`, `  ${mdText(f.message, '  ')}`]
  lines.push(`  **${mdInline(fixLabel)}** ${mdText(f.fix, '  ')}`)
  if (f.evidence && withEvidence) lines.push('', mdFence(f.evidence).replace(/^/gm, '  '))
  return lines.join('\n')
}

function stepMd(s: ViewStep, labels: { what: string; fix: string; evidence: string; findings: string }): string {
  const body = [
    `**${mdInline(s.summary)}**`,
    `*${mdInline(labels.what)}:* ${mdText(s.what)}${s.duration ? ` ${mdText(s.duration)}` : ''}`,
    s.facts.length ? mdFacts(s.facts, [labels.evidence, '']) : '',
    ...s.tables.map(mdViewTable),
    s.findings.length ? `**${mdInline(labels.findings)}**\n\n${s.findings.map((f) => findingMd(f, labels.fix)).join('\n')}` : '',
  ]
  return mdDetails(`${s.number}. ${s.title} — ${s.verdict}`, body.filter(Boolean).join('\n\n'))
}

function healthMd(h: NonNullable<ReportView['health']>, label: string, fix: string): string {
  const body = [mdViewTable(h.table), mdText(h.log), h.findings.map((f) => findingMd(f, fix)).join('\n')]
  return mdDetails(`${label} — ${h.summary}`, body.filter(Boolean).join('\n\n'), h.problems)
}

function machineMd(host: ViewFacts, gpus: ViewTable | null, gpuNote: string | null, label: string): string {
  return [host.length ? mdFacts(host, [label, '']) : '', gpus ? mdViewTable(gpus) : '', gpuNote ? mdText(gpuNote) : ''].filter(Boolean).join('\n\n')
}

function monitorMd(m: { table: ViewTable | null; note: string }): string {
  return [mdText(m.note), m.table ? mdViewTable(m.table) : ''].filter(Boolean).join('\n\n')
}

/**
 * The report as GitHub-flavoured Markdown: a summary table on top that pastes cleanly into an
 * issue, every detail in a collapsible `<details>` section.
 */
export function renderReportMarkdown(report: Report, lang: ReportLang): string {
  const v = reportView(report, lang)
  const out: string[] = [`## ${mdText(v.title)}`, `${mdText(v.generated)}  \n${mdText(v.privacy)}`]
  if (v.summary.length) {
    out.push(mdTable([v.labels.step, v.labels.verdict, v.labels.summary], v.summary.map((s) => [`${s.number}. ${s.title}`, verdictMd(s.status, s.verdict), s.summary])))
  } else if (v.noDiagnosis) {
    out.push(mdText(v.noDiagnosis))
  }
  out.push(mdFacts(v.overview, [v.labels.machine, '']))

  const important = v.findings.filter((f) => f.severity !== 'info')
  if (important.length) out.push(important.map((f) => findingMd(f, v.labels.fix, false)).join('\n'))

  if (v.health) out.push(healthMd(v.health, v.labels.health, v.labels.fix))
  out.push(mdDetails(v.labels.machine, machineMd(v.host, v.gpus, v.gpuNote, v.labels.machine)))
  for (const s of v.steps) out.push(stepMd(s, v.labels))
  out.push(mdDetails(v.findingsTitle, v.findings.length ? v.findings.map((f) => findingMd(f, v.labels.fix)).join('\n') : mdText(v.labels.noFindings)))
  const r = v.recommendation
  const rec = [
    r.intro ? mdText(r.intro) : '',
    r.table ? mdViewTable(r.table) : '',
    r.lines.map((l) => `- ${mdText(l)}`).join('\n'),
    r.facts.length ? mdFacts(r.facts, [v.labels.recommendation, '']) : '',
    r.note ? mdText(r.note) : '',
  ]
  out.push(mdDetails(v.labels.recommendation, rec.filter(Boolean).join('\n\n')))
  if (v.monitor) out.push(mdDetails(v.labels.monitor, monitorMd(v.monitor)))
  const now = v.readNow
  if (now) {
    const body = [
      `*${mdInline(now.note)}*`,
      `**${mdInline(v.labels.machine)}**`,
      machineMd(now.host, now.gpus, now.gpuNote, v.labels.machine),
      now.health ? healthMd(now.health, v.labels.health, v.labels.fix) : '',
      `**${mdInline(v.labels.monitor)}**`,
      monitorMd(now.monitor),
    ]
    out.push(mdDetails(now.title, body.filter(Boolean).join('\n\n'), now.health?.problems ?? false))
  }
  out.push(mdDetails(v.labels.versions, mdFacts(v.versions, [v.labels.versions, ''])))
  return `${out.join('\n\n')}\n`
}
