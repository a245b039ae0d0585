import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { GpuInfo } from '../../../shared/gpu'
import type { GpuHistory } from './gpu-history'
import { useGpu } from './live-context'
import { withUnit } from '../../components/number-format'
import { GpuIdentity } from './GpuIdentity'
import { MetricTile } from './MetricTile'
import { ProcessTable } from './ProcessTable'

const gib = (mib: number | null) => (mib === null ? null : mib / 1024)

const EMPTY: GpuHistory = {
  times: [],
  values: { utilizationGpu: [], memoryUsedMiB: [], temperatureC: [], powerW: [], smClockMHz: [] },
}

/** One GPU: identity, and five live metrics each with its recent history. Dense: the identity folds and the metrics shrink to rows. */
export function GpuPanel({ gpu, dense = false }: { gpu: GpuInfo; dense?: boolean }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const i = gpu.index
  const latest = useGpu((s) => s.latest[i])
  const history = useGpu((s) => s.history[i]) ?? EMPTY
  const windowSeconds = useGpu((s) => s.windowMinutes) * 60

  // Live values win; until the first sample, show what gpu:get-state read.
  const now = latest ?? gpu
  const memTotal = now.memoryTotalMiB ?? gpu.memoryTotalMiB
  const powerLimit = now.powerLimitW ?? gpu.powerLimitW
  const memoryGib = useMemo(() => history.values.memoryUsedMiB.map(gib), [history])
  const chart = (metric: keyof GpuHistory['values'], yMax: number | null, formatY: (v: number) => string) => ({
    times: history.times,
    values: metric === 'memoryUsedMiB' ? memoryGib : history.values[metric],
    yMax,
    windowSeconds,
    formatY,
    label: t('metric.chart', { metric: t(`metric.${metric}`), count: history.times.length }),
    testId: `chart-${metric}-${i}`,
  })
  const compact = dense
  // Axis labels carry their unit, so a chart reads on its own.
  const unit = (u: string, digits = 0) => (v: number) => withUnit(v, u, lang, digits)

  return (
    <article className={dense ? 'card gpu-panel gpu-panel--dense' : 'card gpu-panel'} data-testid={`gpu-panel-${i}`}>
      <header className="gpu-panel__head">
        <span className="gpu-panel__index">{t('gpu.index', { index: i })}</span>
        <h2 className="gpu-panel__name" data-testid={`gpu-name-${i}`}>
          {gpu.name}
        </h2>
      </header>
      {dense ? (
        <details className="gpu-panel__details">
          <summary>{t('gpu.details')}</summary>
          <GpuIdentity gpu={gpu} />
        </details>
      ) : (
        <GpuIdentity gpu={gpu} />
      )}
      <div className="metrics">
        <MetricTile
          label={t('metric.utilizationGpu')}
          value={withUnit(now.utilizationGpu, '%', lang)}
          compact={compact}
          valueTestId={`gpu-util-${i}`}
          chart={chart('utilizationGpu', 100, unit('%'))}
        />
        <MetricTile
          label={t('metric.memoryUsedMiB')}
          value={withUnit(gib(now.memoryUsedMiB), 'GiB', lang, 1)}
          sub={memTotal === null ? undefined : t('metric.of', { value: withUnit(gib(memTotal), 'GiB', lang, 1) })}
          compact={compact}
          valueTestId={`gpu-mem-${i}`}
          chart={chart('memoryUsedMiB', gib(memTotal), unit('GiB'))}
        />
        <MetricTile
          label={t('metric.temperatureC')}
          value={withUnit(now.temperatureC, '°C', lang)}
          compact={compact}
          valueTestId={`gpu-temp-${i}`}
          chart={chart('temperatureC', 100, unit('°C'))}
        />
        <MetricTile
          label={t('metric.powerW')}
          value={withUnit(now.powerW, 'W', lang)}
          sub={powerLimit === null ? undefined : t('metric.of', { value: withUnit(powerLimit, 'W', lang) })}
          compact={compact}
          valueTestId={`gpu-power-${i}`}
          chart={chart('powerW', powerLimit, unit('W'))}
        />
        <MetricTile
          label={t('metric.smClockMHz')}
          value={withUnit(now.smClockMHz, 'MHz', lang)}
          sub={gpu.smClockMaxMHz === null ? undefined : t('metric.of', { value: withUnit(gpu.smClockMaxMHz, 'MHz', lang) })}
          compact={compact}
          valueTestId={`gpu-sm-${i}`}
          chart={chart('smClockMHz', gpu.smClockMaxMHz, unit('MHz'))}
        />
      </div>
      <ProcessTable gpuIndex={i} dense={dense} />
    </article>
  )
}
