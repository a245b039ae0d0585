import type { Report, ReportFormat, ReportLang } from '../../../../shared/report'
import { renderReportHtml } from './render-html'
import { renderReportMarkdown } from './render-markdown'
import { cleanDocument } from '../../../../shared/control-text'

/** The report as text in one format; JSON is the report object itself (language-independent). */
export function renderReport(report: Report, format: ReportFormat, lang: ReportLang): string {
  // Kernel-log lines, GPU and process names come from the machine: no escape sequence or bidi
  // override reaches a saved document, as none reaches the terminal.
  if (format === 'json') return cleanDocument(`${JSON.stringify(report, null, 2)}\n`, 'json')
  return cleanDocument(format === 'html' ? renderReportHtml(report, lang) : renderReportMarkdown(report, lang), format)
}
