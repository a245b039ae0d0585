import { useTranslation } from 'react-i18next'

import { useConnection } from '../stores/app-context'

/** Shown in `serve` mode while the event WebSocket is down (not during the first, brief connect), or without the token. */
export function ConnectionBanner() {
  const { t } = useTranslation()
  const status = useConnection((s) => s.status)
  if (status === 'no-token') {
    return (
      <div className="banner banner--warn" role="alert" data-testid="connection-banner">
        {t('conn.noToken')}
      </div>
    )
  }
  if (status !== 'reconnecting') return null
  return (
    <div className="banner banner--warn" role="status" data-testid="connection-banner">
      {t('conn.reconnecting')}
    </div>
  )
}
