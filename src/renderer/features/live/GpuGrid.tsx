import { useTranslation } from 'react-i18next'

import type { GpuStatus } from '../../../shared/gpu'
import { GpuPanel } from './GpuPanel'

/** Above this many GPUs the panels go dense, so eight fit a 1280×800 window without scrolling. */
export const DENSE_AFTER_GPUS = 2

export function GpuGrid({ status }: { status: GpuStatus }) {
  const { t } = useTranslation()
  if (status.gpus.length === 0) return <p className="card muted">{t('driver.noGpus')}</p>
  const dense = status.gpus.length > DENSE_AFTER_GPUS
  return (
    <div className={dense ? 'gpu-grid gpu-grid--dense' : 'gpu-grid'} data-testid="gpu-grid" data-layout={dense ? 'dense' : 'roomy'}>
      {status.gpus.map((gpu) => (
        <GpuPanel key={gpu.index} gpu={gpu} dense={dense} />
      ))}
    </div>
  )
}
