import { useTranslation } from 'react-i18next'

import { type ReportLang } from '../../shared/report'
import { useDiagnosis } from '../features/diagnosis/diagnosis-context'
import { CopyMarkdownButton } from '../features/report/CopyMarkdownButton'
import { SaveNotice } from '../features/report/ExportPanel'
import { useReport, useReportActions } from '../features/report/report-context'

/**
 * "Copy as Markdown" (for a GitHub issue, private values masked) and "Save report", after a run: both
 * report the diagnosis on screen, saved to the history or not (a replay, a history that cannot be written).
 */
export function DiagnosisExport() {
  const { t, i18n } = useTranslation()
  const actions = useReportActions()
  const saving = useReport((s) => s.saving)
  const shown = useDiagnosis((s) => s.shown)
  const lang: ReportLang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <div className="diag-export" data-testid="diagnosis-export">
      <CopyMarkdownButton of={{ kind: 'shown', diagnosis: shown }} />
      <button type="button" className="button" disabled={saving || !shown} onClick={() => shown && void actions.saveShown(lang, shown)} data-testid="save-report">
        {t('diag.export.save')}
      </button>
      <SaveNotice />
    </div>
  )
}
