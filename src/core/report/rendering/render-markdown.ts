import type { StepStatus } from '../../../shared/diagnosis'
import type { Report, ReportLang } from '../../../shared/report'
import { type MdRaw, mdDetails, mdFacts, mdFence, mdTable, mdInline, mdText, mdViewTable } from './markdown'
import { reportView } from './report-view'
import type { ViewFinding, ViewStep } from './view-types'

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

  const h = v.health
  if (h) {
    const body = [mdViewTable(h.table), mdText(h.log), h.findings.map((f) => findingMd(f, v.labels.fix)).join('\n')]
    out.push(mdDetails(`${v.labels.health} — ${h.summary}`, body.filter(Boolean).join('\n\n'), h.problems))
  }
  const machine = [mdFacts(v.host, [v.labels.machine, '']), v.gpus ? mdViewTable(v.gpus) : '', v.gpuNote ? mdText(v.gpuNote) : '']
  out.push(mdDetails(v.labels.machine, machine.filter(Boolean).join('\n\n')))
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
  out.push(mdDetails(v.labels.monitor, [mdText(v.monitor.note), v.monitor.table ? mdViewTable(v.monitor.table) : ''].filter(Boolean).join('\n\n')))
  out.push(mdDetails(v.labels.versions, mdFacts(v.versions, [v.labels.versions, ''])))
  return `${out.join('\n\n')}\n`
}
