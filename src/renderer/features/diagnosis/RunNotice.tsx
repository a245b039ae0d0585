import { useTranslation } from 'react-i18next'

import { useDiagnosis } from './diagnosis-context'

/** Why the last run ended without results: cancelled, failed, or never started. */
export function RunNotice() {
  const { t } = useTranslation()
  const notice = useDiagnosis((s) => s.notice)
  if (!notice) return null
  const text =
    notice.kind === 'cancelled'
      ? t('diag.notice.cancelled')
      : notice.kind === 'failed'
        ? t('diag.notice.failed', { message: notice.message })
        : notice.kind === 'start-error'
          ? t('diag.notice.startError', { message: notice.message })
          : t('diag.notice.lost')
  return (
    <p className={`banner ${notice.kind === 'cancelled' ? 'banner--info' : 'banner--error'}`} data-testid="run-notice" data-kind={notice.kind} role="status">
      {text}
    </p>
  )
}
