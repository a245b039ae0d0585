import type { StepResult } from '../../../../shared/diagnosis'
import type { Report, ReportLang } from '../../../../shared/report'
import { escapeHtml as esc, htmlRich } from './html-escape'
import { htmlDocument, htmlFacts, htmlViewTable } from './html'
import { reportView } from './report-view'
import { convBarsSvg, smTimelineSvg } from './svg-charts'
import type { ReportView, ViewFinding, ViewStep } from './view-types'

function findingHtml(f: ViewFinding, fixLabel: string): string {
  return [
    `<div class="finding ${f.severity}">`,
    `<div><span class="sev ${f.severity}">${esc(f.severityLabel)}</span> <strong>${esc(f.title)}</strong>${f.known ? ` <code>${esc(f.id)}</code>` : ''}${f.stepTitle ? ` — ${esc(f.stepTitle)}` : ''}</div>`,
    `<p>${htmlRich(f.message)}</p>`,
    `<p class="fix"><strong>${esc(fixLabel)}</strong> ${htmlRich(f.fix)}</p>`,
    f.evidence ? `<pre>${esc(f.evidence)}</pre>` : '',
    '</div>',
  ].join('')
}

function chartOf(step: StepResult | undefined, v: ReportView): string | null {
  if (step?.id === 'sm-utilisation') return smTimelineSvg(step.evidence, { title: v.labels.smChart, seconds: v.labels.seconds })
  if (step?.id === 'conv-timing') return convBarsSvg(step.evidence, { title: v.labels.convChart, on: v.labels.convOn, off: v.labels.convOff })
  return null
}

function stepHtml(s: ViewStep, v: ReportView, step: StepResult | undefined): string {
  const chart = chartOf(step, v)
  const chartTitle = s.id === 'sm-utilisation' ? v.labels.smChart : v.labels.convChart
  return [
    `<section class="step ${s.status}" id="step-${s.id}">`,
    `<h3><span class="verdict ${s.status}">${esc(s.verdict)}</span><span>${s.number}. ${esc(s.title)}</span></h3>`,
    `<p class="summary">${htmlRich(s.summary)}</p>`,
    `<p class="what">${esc(v.labels.what)}: ${htmlRich(s.what)}${s.duration ? ` ${esc(s.duration)}` : ''}</p>`,
    chart ? `<h4>${esc(chartTitle)}</h4>${chart}` : '',
    htmlFacts(s.facts),
    ...s.tables.map(htmlViewTable),
    s.findings.map((f) => findingHtml(f, v.labels.fix)).join(''),
    '</section>',
  ].join('')
}

/** The hardware preflight: its verdict, one row per GPU, the kernel log's state, the findings. */
function healthHtml(h: ReportView['health'], v: ReportView, heading: 'h2' | 'h3' = 'h2'): string {
  if (!h) return ''
  return [
    heading === 'h2' ? `<h2 id="health">${esc(v.labels.health)}</h2>` : `<h3>${esc(v.labels.health)}</h3>`,
    `<p><strong>${esc(h.summary)}</strong></p>`,
    htmlViewTable(h.table),
    `<p>${esc(h.log)}</p>`,
    h.findings.map((f) => findingHtml(f, v.labels.fix)).join(''),
  ].join('')
}

/**
 * A report of an earlier run: what the machine making the report read then, in a section of its
 * own whose heading says it is not the run's.
 */
function readNowHtml(v: ReportView): string {
  const now = v.readNow
  if (!now) return ''
  return [
    '<section class="read-now" id="read-now">',
    `<h2>${esc(now.title)}</h2>`,
    `<p class="note">${esc(now.note)}</p>`,
    `<h3>${esc(v.labels.machine)}</h3>`,
    htmlFacts(now.host),
    now.gpus ? htmlViewTable(now.gpus) : '',
    now.gpuNote ? `<p>${esc(now.gpuNote)}</p>` : '',
    healthHtml(now.health, v, 'h3'),
    `<h3>${esc(v.labels.monitor)}</h3>`,
    `<p>${esc(now.monitor.note)}</p>`,
    now.monitor.table ? htmlViewTable(now.monitor.table) : '',
    '</section>',
  ].join('')
}

function summaryTable(v: ReportView): string {
  const head = [v.labels.step, v.labels.verdict, v.labels.summary].map((c) => `<th>${esc(c)}</th>`).join('')
  const rows = v.summary.map(
    (s) =>
      `<tr><td><a href="#step-${s.id}">${s.number}. ${esc(s.title)}</a></td><td><span class="verdict ${s.status}">${esc(s.verdict)}</span></td><td>${htmlRich(s.summary)}</td></tr>`,
  )
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/**
 * The report as one self-contained HTML file: inline CSS, charts as inline SVG, no script and no
 * external request; printable (the app prints it to PDF with printToPDF, the CLI with Chromium).
 */
export function renderReportHtml(report: Report, lang: ReportLang): string {
  const v = reportView(report, lang)
  const summary = v.summary.length ? summaryTable(v) : `<p>${esc(v.noDiagnosis ?? '')}</p>`
  const body = [
    `<header><h1>${esc(v.title)}</h1><p class="meta">${esc(v.generated)}</p>`,
    `<p class="privacy${report.redacted ? '' : ' off'}">${esc(v.privacy)}</p></header>`,
    `<h2>${esc(v.labels.summary)}</h2>`,
    summary,
    htmlFacts(v.overview),
    healthHtml(v.health, v),
    `<h2>${esc(v.labels.machine)}</h2>`,
    htmlFacts(v.host),
    v.gpus ? htmlViewTable(v.gpus) : '',
    v.gpuNote ? `<p>${esc(v.gpuNote)}</p>` : '',
    v.steps.length ? `<h2>${esc(v.labels.steps)}</h2>` : '',
    ...v.steps.map((s) => stepHtml(s, v, report.diagnosis?.steps.find((d) => d.id === s.id))),
    `<h2>${esc(v.findingsTitle)}</h2>`,
    v.findings.length ? v.findings.map((f) => findingHtml(f, v.labels.fix)).join('') : `<p>${esc(v.labels.noFindings)}</p>`,
    `<h2>${esc(v.labels.recommendation)}</h2>`,
    v.recommendation.intro ? `<p>${esc(v.recommendation.intro)}</p>` : '',
    v.recommendation.table ? htmlViewTable(v.recommendation.table) : '',
    v.recommendation.lines.length ? `<ul>${v.recommendation.lines.map((l) => `<li>${htmlRich(l)}</li>`).join('')}</ul>` : '',
    htmlFacts(v.recommendation.facts),
    v.recommendation.note ? `<p>${esc(v.recommendation.note)}</p>` : '',
    v.monitor ? `<h2>${esc(v.labels.monitor)}</h2><p>${esc(v.monitor.note)}</p>${v.monitor.table ? htmlViewTable(v.monitor.table) : ''}` : '',
    readNowHtml(v),
    `<h2>${esc(v.labels.versions)}</h2>`,
    htmlFacts(v.versions),
  ].join('\n')
  return htmlDocument(lang, v.title, body)
}
