import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ReportLang } from '../../../shared/report'
import { copyText } from '../../components/clipboard'
import { useReportActions } from './report-context'
import type { MarkdownOf } from './report-controller'

type CopyState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'copied'; redact: boolean } | { kind: 'downloaded'; redact: boolean } | { kind: 'failed'; message: string }

/** What the last copy did, masked or not, in words that are true of it. */
function statusText(copy: CopyState, t: (key: string) => string): string {
  if (copy.kind === 'copied') return t(copy.redact ? 'diag.export.copied' : 'diag.export.copiedUnmasked')
  if (copy.kind === 'downloaded') return t(copy.redact ? 'diag.export.copyDenied' : 'diag.export.copyDeniedUnmasked')
  return copy.kind === 'failed' ? copy.message : ''
}

/**
 * "Copy as Markdown": a report to paste into a GitHub issue; where the clipboard is denied, a download.
 * It reports `of`: the Report page's choice, or the diagnosis another page shows (none: nothing to copy).
 */
export function CopyMarkdownButton({ of }: { of: MarkdownOf }) {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' })
  const lang: ReportLang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const nothing = of.kind === 'shown' && of.diagnosis === null
  const run = async () => {
    setCopy({ kind: 'busy' })
    try {
      const { text, redact } = await actions.markdown(lang, of)
      const outcome = await copyText(text, { clipboard: navigator.clipboard, select: () => false })
      if (outcome !== 'copied') await actions.downloadMarkdown(text, of)
      setCopy(outcome === 'copied' ? { kind: 'copied', redact } : { kind: 'downloaded', redact })
    } catch (e) {
      setCopy({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
    }
  }
  return (
    <>
      <button type="button" className="button" disabled={copy.kind === 'busy' || nothing} onClick={() => void run()} data-testid="copy-markdown">
        {t('diag.export.copyMarkdown')}
      </button>
      <span
        role="status"
        className={copy.kind === 'failed' ? 'tone-bad' : 'redact' in copy && !copy.redact ? 'tone-warn' : 'tone-good'}
        data-testid="copy-markdown-status"
        data-kind={copy.kind}
        data-redact={copy.kind === 'copied' || copy.kind === 'downloaded' ? String(copy.redact) : ''}
      >
        {statusText(copy, t)}
      </span>
    </>
  )
}
