import { useTranslation } from 'react-i18next'

import { type ReportLang } from '../../shared/report'
import { CopyMarkdownButton } from '../features/report/CopyMarkdownButton'
import { SaveNotice } from '../features/report/ExportPanel'
import { useReport, useReportActions } from '../features/report/report-context'

/** "Copy as Markdown" (for a GitHub issue, private values masked) and "Save report", after a run. */
export function DiagnosisExport() {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const saving = useReport((s) => s.saving)
  const lang: ReportLang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <div className="diag-export" data-testid="diagnosis-export">
      <CopyMarkdownButton which="latest" />
      <button type="button" className="button" disabled={saving} onClick={() => void actions.saveLatest(lang)} data-testid="save-report">
        {t('diag.export.save')}
      </button>
      <SaveNotice />
    </div>
  )
}
