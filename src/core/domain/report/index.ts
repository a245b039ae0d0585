// The report, history and fleet API for the front ends (CLI, core service, Electron main).

export { buildReport, type ReportParts } from './build-report'

export { compareDiagnoses, type ComparedSide } from './history/compare-diagnoses'
export { defaultDataDir, historyDir } from './history/data-dir'
export { mergeReports, type FleetInput } from './fleet/merge-reports'
export { HistoryStore } from './history/history-store'
export { parseReportInput, diagnosisOf, type ReportInput } from './load-input'
export { localRedactionHints } from './rendering/local-hints'

export { SampleHistory, summarizeMonitor } from './monitor-summary'
export { findChromium, htmlToPdf, NoChromiumError } from './rendering/pdf'
export { redactJson, redactReport, redactionPreview, type RedactionHints } from './rendering/redact'
export { renderReport } from './rendering/render'
export { renderComparisonMarkdown } from './history/render-comparison'
export { fleetCell, fleetFieldLabel, fleetHeadline, fleetLookFirst, fleetRejectReason, fleetWarnings, renderFleetDocument, renderFleetHtml, renderFleetMarkdown } from './fleet/render-fleet'
export { reportTranslator } from './rendering/translator'
export { renderReportHtml } from './rendering/render-html'
export { renderReportMarkdown } from './rendering/render-markdown'
