import { useTranslation } from 'react-i18next'

import { useDiagnosis } from './diagnosis-context'

/**
 * What became of the last diagnosis's save: why it was not saved (the results stay on screen), or
 * that the history deleted its oldest entries to stay within its limit.
 */
export function SaveNotice() {
  const { t } = useTranslation()
  const save = useDiagnosis((s) => s.save)
  if (!save) return null
  if (save.error) {
    return (
      <p className="banner banner--warn" data-testid="save-notice" data-kind="failed" data-reason={save.error.reason} role="status">
        {t('hist.saveFailed', { why: t(`hist.why.${save.error.reason}`), path: save.error.path })}
      </p>
    )
  }
  return (
    <p className="muted" data-testid="save-notice" data-kind="pruned" role="status">
      {t('hist.pruned', { count: save.pruned, keeps: save.keeps })}
    </p>
  )
}
