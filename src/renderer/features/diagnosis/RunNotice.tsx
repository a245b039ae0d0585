import { useTranslation } from 'react-i18next'

import { type Notice } from './diagnosis-store'
import { useDiagnosis } from './diagnosis-context'

function noticeText(notice: Notice, t: ReturnType<typeof useTranslation>['t']): string {
  switch (notice.kind) {
    case 'cancelled':
      return t('diag.notice.cancelled')
    case 'failed':
      return t('diag.notice.failed', { message: notice.message })
    case 'start-error':
      // The core refused the Python before running anything: say why in the reader's language.
      if (notice.code === 'bad-interpreter') return t(`diag.notice.badPython.${notice.details.reason ?? 'does-not-run'}`, notice.details)
      if (notice.code === 'interpreter-not-allowed') return t(`diag.notice.notAllowed.${notice.details.howToAllow === 'confirm' ? 'confirm' : 'serve-option'}`, notice.details)
      return t('diag.notice.startError', { message: notice.message })
    case 'lost':
      return t('diag.notice.lost')
  }
}

/** Why the last run ended without results: cancelled, failed, refused, or never answered. */
export function RunNotice() {
  const { t } = useTranslation()
  const notice = useDiagnosis((s) => s.notice)
  if (!notice) return null
  return (
    <p className={`banner ${notice.kind === 'cancelled' ? 'banner--info' : 'banner--error'}`} data-testid="run-notice" data-kind={notice.kind} role="status">
      {noticeText(notice, t)}
    </p>
  )
}
