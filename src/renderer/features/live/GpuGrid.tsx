import { useTranslation } from 'react-i18next'

import type { GpuStatus } from '../../../shared/gpu'
import { GpuPanel } from './GpuPanel'

export function GpuGrid({ status }: { status: GpuStatus }) {
  const { t } = useTranslation()
  if (status.gpus.length === 0) return <p className="card muted">{t('driver.noGpus')}</p>
  return (
    <div className="gpu-grid">
      {status.gpus.map((gpu) => (
        <GpuPanel key={gpu.index} gpu={gpu} />
      ))}
    </div>
  )
}
