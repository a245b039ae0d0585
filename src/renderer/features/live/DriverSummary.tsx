import { useTranslation } from 'react-i18next'

import type { GpuStatus } from '../../../shared/gpu'
import { DASH } from '../../components/number-format'

/** Driver version, the driver's max CUDA, and the GPU count, in one strip. */
export function DriverSummary({ status }: { status: GpuStatus }) {
  const { t } = useTranslation()
  return (
    <section className="summary" aria-label={t('driver.version')}>
      <div className="summary__item">
        <span className="label">{t('driver.version')}</span>
        <span className="summary__value summary__value--driver" data-testid="driver-version">
          {status.driverVersion ?? DASH}
        </span>
      </div>
      <div className="summary__item" title={t('driver.cudaHint')}>
        <span className="label">{t('driver.cuda')}</span>
        <span className="summary__value" data-testid="cuda-version">
          {status.cudaVersion ?? DASH}
        </span>
      </div>
      <div className="summary__item">
        <span className="label">{t('driver.gpus')}</span>
        <span className="summary__value" data-testid="gpu-count">
          {status.gpus.length}
        </span>
      </div>
    </section>
  )
}
