import { useTranslation } from 'react-i18next'

import { useGpu } from '../stores/context'
import { ConnectionBanner } from './ConnectionBanner'
import { DriverSummary } from './DriverSummary'
import { GpuGrid } from './GpuGrid'
import { Header } from './Header'
import { HostFacts } from './HostFacts'
import { LoadError } from './LoadError'
import { MonitorBanner } from './MonitorBanner'
import { ProblemView } from './ProblemView'

function GpuSection({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  const gpuState = useGpu((s) => s.gpuState)
  const loadError = useGpu((s) => s.loadError)
  if (loadError) return <LoadError error={loadError} onRetry={onRetry} />
  if (!gpuState) return <p className="card muted" data-testid="loading">{t('load.loading')}</p>
  if (gpuState.kind === 'error') return <ProblemView problem={gpuState.problem} onRetry={onRetry} />
  return (
    <>
      <DriverSummary status={gpuState.status} />
      <GpuGrid status={gpuState.status} />
    </>
  )
}

export function App({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="app">
      <Header />
      <ConnectionBanner />
      <MonitorBanner />
      <main className="app-main">
        <GpuSection onRetry={onRetry} />
        <HostFacts />
      </main>
    </div>
  )
}
