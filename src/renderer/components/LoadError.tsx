import { useTranslation } from 'react-i18next'

import type { IpcError } from '../../shared/contract'
import { failureText } from './error-text'

/** The invoke itself failed: the server is gone or the contract was refused (a refused token: no retry helps). */
export function LoadError({ error, onRetry }: { error: IpcError; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="card problem" data-testid="load-error" data-code={error.code}>
      <p className="problem__message">{failureText(t, 'load.error', error)}</p>
      {error.code !== 'unauthorized' && (
        <button type="button" className="button" onClick={onRetry}>
          {t('load.retry')}
        </button>
      )}
    </section>
  )
}
