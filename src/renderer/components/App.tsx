import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { usePage } from '../app/page'
import { DiagnosePage } from '../diagnosis/DiagnosePage'
import { useGpu } from '../stores/context'
import { ConnectionBanner } from './ConnectionBanner'
import { DriverSummary } from './DriverSummary'
import { GpuGrid } from './GpuGrid'
import { Header } from './Header'
import { HostFacts } from './HostFacts'
import { LoadError } from './LoadError'
import { MonitorBanner } from './MonitorBanner'
import { ProblemView } from './ProblemView'

// The Images and Report pages load on first visit: their code and styles are their own chunks.
const ImagesPage = lazy(() => import('../images/ImagesPage').then((m) => ({ default: m.ImagesPage })))
const ReportPage = lazy(() => import('../report/ReportPage').then((m) => ({ default: m.ReportPage })))

function PageLoading() {
  const { t } = useTranslation()
  return (
    <p className="card muted" data-testid="page-loading">
      {t('load.page')}
    </p>
  )
}

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
          <Suspense fallback={<PageLoading />}>
            <ImagesPage />
          </Suspense>
        </main>
      )}
      {page === 'report' && (
        <main className="app-main" data-testid="page-report">
          <Suspense fallback={<PageLoading />}>
            <ReportPage />
          </Suspense>
        </main>
      )}
    </div>
  )
}
