import { useTranslation } from 'react-i18next'

import { useConnection } from '../stores/app-context'

/** Shown in `serve` mode while the event WebSocket is down (not during the first, brief connect), or without the token. */
export function ConnectionBanner() {
  const { t } = useTranslation()
  const status = useConnection((s) => s.status)
  if (status === 'no-token' || status === 'token-refused') {
    return (
      <div className="banner banner--error" role="alert" data-testid="connection-banner" data-state={status}>
        {t(status === 'no-token' ? 'conn.noToken' : 'conn.tokenRefused')}
      </div>
    )
  }
  if (status !== 'reconnecting') return null
  return (
    <div className="banner banner--warn" role="status" data-testid="connection-banner" data-state={status}>
      {t('conn.reconnecting')}
    </div>
  )
}
