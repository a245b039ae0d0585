import type { MaskedValue, Report, ReportFormat, ReportLang } from '../../shared/report'
import { localRedactionHints } from '../domain/report/rendering/local-hints'
import { redactReport } from '../domain/report/rendering/redact'
import { renderReport } from '../domain/report/rendering/render'

/**
 * A report as a document: redacted first when asked (host name, user, UUIDs, serials, home
 * paths), then rendered. The CLI's `report` and the app's preview and save all come through here.
 */
export function reportDocument(report: Report, options: { format: ReportFormat; lang: ReportLang; redact: boolean; env?: NodeJS.ProcessEnv }): { text: string; masked: MaskedValue[] } {
  const { report: out, masked } = options.redact ? redactReport(report, localRedactionHints(options.env ?? process.env)) : { report, masked: [] }
  return { text: renderReport(out, options.format, options.lang), masked }
}
