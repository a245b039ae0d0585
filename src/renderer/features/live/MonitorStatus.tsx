import './live.css'

import { useTranslation } from 'react-i18next'

import type { MonitorState } from '../../../shared/gpu'
import { useGpu } from './live-context'
import { formatNumber } from '../../components/number-format'
import { useConnection } from '../../stores/app-context'

function stateLabel(state: MonitorState | null, t: (k: string, o?: Record<string, unknown>) => string): string {
  switch (state?.kind) {
    case undefined:
      return t('monitor.none')
    case 'stopped':
      return t('monitor.stopped')
    case 'running':
      return t('monitor.running', { seconds: state.intervalMs / 1000 })
    case 'restarting':
      return t('monitor.restarting', { attempt: state.attempt })
    case 'failed':
      return t('monitor.failed')
  }
}

/** The monitor's state as a badge, and how many samples arrived. */
export function MonitorStatus() {
  const { t, i18n } = useTranslation()
  const live = useGpu((s) => s.monitor)
  const count = useGpu((s) => s.sampleCount)
  // Without the server nothing arrives, whatever the monitor last said.
  const disconnected = useConnection((s) => s.status === 'reconnecting' || s.status === 'token-refused' || s.status === 'no-token')
  const monitor = disconnected ? null : live
  const kind = disconnected ? 'disconnected' : (monitor?.kind ?? 'none')
  const source = monitor?.kind === 'running' ? monitor.source : undefined
  return (
    <div className="monitor-status">
      <span className={`badge badge--${kind}`} data-testid="monitor-state" data-state={kind} title={t('monitor.label')}>
        <span className="badge__dot" aria-hidden="true" />
        {disconnected ? t('monitor.disconnected') : stateLabel(monitor, t)}
        {source && (
          <span className="badge__source" data-testid="monitor-source" data-source={source.kind}>
            {' · '}
            {t(source.kind === 'nvml' ? 'sampler.nvml' : 'sampler.smi', { ns: 'sampler' })}
          </span>
        )}
      </span>
      <span className="monitor-status__count">
        {t('monitor.samples')}{' '}
        <strong data-testid="sample-count" data-count={count}>
          {formatNumber(count, i18n.language)}
        </strong>
      </span>
    </div>
  )
}
