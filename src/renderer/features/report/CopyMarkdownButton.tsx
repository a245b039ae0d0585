import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ReportLang } from '../../../shared/report'
import { copyText } from '../../components/clipboard'
import { useReportActions } from './report-context'

type CopyState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'copied' } | { kind: 'failed'; message: string }

/** "Copy as Markdown": a report to paste into a GitHub issue; where the clipboard is denied, a download. */
export function CopyMarkdownButton({ which }: { which: 'latest' | 'chosen' }) {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' })
  const lang: ReportLang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const run = async () => {
    setCopy({ kind: 'busy' })
    try {
      const text = await actions.markdown(lang, which)
      const outcome = await copyText(text, { clipboard: navigator.clipboard, select: () => false })
      if (outcome !== 'copied') await actions.downloadMarkdown(text, which)
      setCopy(outcome === 'copied' ? { kind: 'copied' } : { kind: 'failed', message: t('diag.export.copyDenied') })
    } catch (e) {
      setCopy({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
    }
  }
  return (
    <>
      <button type="button" className="button" disabled={copy.kind === 'busy'} onClick={() => void run()} data-testid="copy-markdown">
        {t('diag.export.copyMarkdown')}
      </button>
      <span role="status" className={copy.kind === 'failed' ? 'tone-bad' : 'tone-good'} data-testid="copy-markdown-status" data-kind={copy.kind}>
        {copy.kind === 'copied' ? t('diag.export.copied') : copy.kind === 'failed' ? copy.message : ''}
      </span>
    </>
  )
}
