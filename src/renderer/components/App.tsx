import { useTranslation } from 'react-i18next'

import { usePage } from '../app/page'
import { DiagnosePage } from '../diagnosis/DiagnosePage'
import { ImagesPage } from '../images/ImagesPage'
import { ReportPage } from '../report/ReportPage'
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

/** Four pages under one header; the monitor keeps sampling while another page is shown. */
export function App({ onRetry }: { onRetry: () => void }) {
  const page = usePage()
  return (
    <div className="app">
      <Header page={page} />
      <ConnectionBanner />
      {page === 'monitor' && (
        <>
          <MonitorBanner />
          <main className="app-main" data-testid="page-monitor">
            <GpuSection onRetry={onRetry} />
            <HostFacts />
          </main>
        </>
      )}
      {page === 'diagnose' && (
        <main className="app-main" data-testid="page-diagnose">
          <DiagnosePage />
        </main>
      )}
      {page === 'images' && (
        <main className="app-main" data-testid="page-images">
          <ImagesPage />
        </main>
      )}
      {page === 'report' && (
        <main className="app-main" data-testid="page-report">
          <ReportPage />
        </main>
      )}
    </div>
  )
}
