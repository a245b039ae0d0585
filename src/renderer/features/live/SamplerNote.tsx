import { useTranslation } from 'react-i18next'

import { describeSamplerSource } from '../../../shared/i18n/sampler'
import { useGpu } from './live-context'

/** Which reader feeds the charts (NVML or the nvidia-smi stream) and, for the stream, why not NVML. */
export function SamplerNote() {
  const { t } = useTranslation()
  const monitor = useGpu((s) => s.monitor)
  const source = monitor?.kind === 'running' ? monitor.source : undefined
  if (!source) return null
  const text = describeSamplerSource(source, t as unknown as Parameters<typeof describeSamplerSource>[1])
  // The whole reason, wrapped where the row is narrow (paths can be long).
  return (
    <p className="sampler-note muted" data-testid="sampler-source" data-source={source.kind} title={text}>
      {text}
    </p>
  )
}
