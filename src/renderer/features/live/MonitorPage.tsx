import '../../components/pages.css'
import './live.css'

import { useTranslation } from 'react-i18next'

import type { GpuSample, GpuStatus } from '../../../shared/gpu'
import { LoadError } from '../../components/LoadError'
import { ProblemView } from '../../components/ProblemView'
import { DriverSummary } from './DriverSummary'
import { GpuGrid } from './GpuGrid'
import { HISTORY_WINDOWS } from './gpu-history'
import { HostFacts } from './HostFacts'
import { useGpu, useLiveActions } from './live-context'
import { SamplerNote } from './SamplerNote'

/**
 * The GPUs as the first samples show them, while the full state read (names, driver, processes) is
 * still under way: the numbers need not wait for it. Every fact a sample lacks stays unknown.
 */
function fromSamples(latest: Record<number, GpuSample>): GpuStatus {
  const gpus = Object.values(latest)
    .sort((a, b) => a.index - b.index)
    .map((s) => ({
      ...s,
      name: '',
      uuid: null,
      busId: null,
      computeCapability: null,
      temperatureC: s.temperatureC,
      smClockMaxMHz: null,
      persistenceMode: null,
      migMode: null,
      driverModel: null,
      pstate: null,
      clocksEventReasons: null,
    }))
  return { source: 'live', format: 'csv', driverVersion: null, cudaVersion: null, gpus, processes: [], migDevices: [] }
}

function GpuSection() {
  const { t } = useTranslation()
  const { refresh } = useLiveActions()
  const gpuState = useGpu((s) => s.gpuState)
  const loadError = useGpu((s) => s.loadError)
  const latest = useGpu((s) => s.latest)
  const retry = () => void refresh()
  if (loadError) return <LoadError error={loadError} onRetry={retry} />
  if (gpuState?.kind === 'error') return <ProblemView problem={gpuState.problem} onRetry={retry} />
  const status = gpuState ? gpuState.status : Object.keys(latest).length > 0 ? fromSamples(latest) : null
  if (!status) return <p className="card muted" data-testid="loading">{t('load.loading')}</p>
  // The driver, the history window and the sampler share one row: height goes to the GPU panels.
  return (
    <>
      <div className="live-top">
        <DriverSummary status={status} />
        <div className="live-top__tools">
          <HistoryWindowPicker />
          <SamplerNote />
        </div>
      </div>
      <GpuGrid status={status} />
    </>
  )
}

/** How far back the charts reach: 1, 10 or 60 minutes. */
function HistoryWindowPicker() {
  const { t } = useTranslation()
  const minutes = useGpu((s) => s.windowMinutes)
  const setMinutes = useGpu((s) => s.setWindowMinutes)
  return (
    <fieldset className="segmented history-window" data-testid="history-window">
      <legend>{t('live.window')}</legend>
      {HISTORY_WINDOWS.map((m) => (
        <label key={m} className={`segmented__option${m === minutes ? ' segmented__option--on' : ''}`} data-testid={`history-window-${m}`}>
          <input type="radio" name="history-window" value={m} checked={m === minutes} onChange={() => setMinutes(m)} />
          {t('live.window.minutes', { count: m })}
        </label>
      ))}
    </fieldset>
  )
}

/** The live view: the driver, each GPU's gauges and the host's facts. */
export function MonitorPage() {
  // The host's card comes below the GPUs once they have their place: drawn before, it was pushed
  // down when they arrived, a layout shift that depended on which answer came first.
  const gpusPlaced = useGpu((s) => s.loadError !== null || s.gpuState !== null || Object.keys(s.latest).length > 0)
  return (
    <>
      <GpuSection />
      {gpusPlaced && <HostFacts />}
    </>
  )
}
