import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { copyText } from '../components/clipboard'
import { SaveNotice } from '../features/report/ExportPanel'
import { useReport, useReportActions } from '../features/report/report-context'
import { type ReportLang } from '../../shared/report'

type CopyState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'copied' } | { kind: 'failed'; message: string }

/** "Copy as Markdown" (for a GitHub issue, private values masked) and "Save report", after a run. */
export function DiagnosisExport() {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const saving = useReport((s) => s.saving)
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' })
  const lang = (i18n.language === 'zh-CN' ? 'zh-CN' : 'en') as ReportLang
  const copyMarkdown = async () => {
    setCopy({ kind: 'busy' })
    try {
      const text = await actions.latestMarkdown(lang)
      const outcome = await copyText(text, { clipboard: navigator.clipboard, select: () => false })
      // Where the clipboard is denied the text cannot be selected here: hand it over as a file.
      if (outcome !== 'copied') actions.downloadMarkdown(text)
      setCopy(outcome === 'copied' ? { kind: 'copied' } : { kind: 'failed', message: t('diag.export.copyDenied') })
    } catch (e) {
      setCopy({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
    }
  }
  return (
    <div className="diag-export" data-testid="diagnosis-export">
      <button type="button" className="button" disabled={copy.kind === 'busy'} onClick={() => void copyMarkdown()} data-testid="copy-markdown">
        {t('diag.export.copyMarkdown')}
      </button>
      <button type="button" className="button" disabled={saving} onClick={() => void actions.saveLatest(lang)} data-testid="save-report">
        {t('diag.export.save')}
      </button>
      <span role="status" className={copy.kind === 'failed' ? 'tone-bad' : 'tone-good'} data-testid="copy-markdown-status" data-kind={copy.kind}>
        {copy.kind === 'copied' ? t('diag.export.copied') : copy.kind === 'failed' ? copy.message : ''}
      </span>
      <SaveNotice />
    </div>
  )
}
