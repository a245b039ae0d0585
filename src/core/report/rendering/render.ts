import type { Report, ReportFormat, ReportLang } from '../../../shared/report'
import { renderReportHtml } from './render-html'
import { renderReportMarkdown } from './render-markdown'

/** The report as text in one format; JSON is the report object itself (language-independent). */
export function renderReport(report: Report, format: ReportFormat, lang: ReportLang): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  if (format === 'html') return renderReportHtml(report, lang)
  return renderReportMarkdown(report, lang)
}
