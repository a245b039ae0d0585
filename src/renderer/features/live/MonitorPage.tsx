import './live.css'

import { useTranslation } from 'react-i18next'

import { LoadError } from '../../components/LoadError'
import { ProblemView } from '../../components/ProblemView'
import { DriverSummary } from './DriverSummary'
import { GpuGrid } from './GpuGrid'
import { HostFacts } from './HostFacts'
import { useGpu, useLiveActions } from './live-context'

function GpuSection() {
  const { t } = useTranslation()
  const { refresh } = useLiveActions()
  const gpuState = useGpu((s) => s.gpuState)
  const loadError = useGpu((s) => s.loadError)
  const retry = () => void refresh()
  if (loadError) return <LoadError error={loadError} onRetry={retry} />
  if (!gpuState) return <p className="card muted" data-testid="loading">{t('load.loading')}</p>
  if (gpuState.kind === 'error') return <ProblemView problem={gpuState.problem} onRetry={retry} />
  return (
    <>
      <DriverSummary status={gpuState.status} />
      <GpuGrid status={gpuState.status} />
    </>
  )
}

/** The live view: the driver, each GPU's gauges and the host's facts. */
export function MonitorPage() {
  return (
    <>
      <GpuSection />
      <HostFacts />
    </>
  )
}
