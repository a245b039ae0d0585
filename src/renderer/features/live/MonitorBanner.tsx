import { useTranslation } from 'react-i18next'

import { useGpu } from './live-context'
import { ProblemDetails } from '../../components/ProblemDetails'

/** Explains a restarting or failed monitor: the panels keep the last values, this says they are stale. */
export function MonitorBanner() {
  const { t } = useTranslation()
  const monitor = useGpu((s) => s.monitor)
  const startError = useGpu((s) => s.monitorError)
  // No usable GPU: the page explains the driver problem; a monitor that cannot start adds nothing.
  const noGpu = useGpu((s) => s.gpuState?.kind === 'error')
  if (noGpu) return null
  if (startError) {
    return (
      <section className="banner banner--error" role="alert" data-testid="monitor-banner">
        {t('monitor.startError', { message: startError.message })}
      </section>
    )
  }
  if (monitor?.kind !== 'restarting' && monitor?.kind !== 'failed') return null
  const title =
    monitor.kind === 'restarting'
      ? t('monitor.restartingTitle', { seconds: Math.ceil(monitor.delayMs / 1000), attempt: monitor.attempt })
      : t('monitor.failedTitle')
  return (
    <section
      className={`banner ${monitor.kind === 'failed' ? 'banner--error' : 'banner--warn'}`}
      role="alert"
      data-testid="monitor-banner"
    >
      <strong>{title}</strong>
      <ProblemDetails problem={monitor.problem} compact />
    </section>
  )
}
