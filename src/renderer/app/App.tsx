import './app.css'

import { type ComponentType, lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { MonitorBanner } from '../features/live/MonitorBanner'
import { MonitorPage } from '../features/live/MonitorPage'
import { ConnectionBanner } from './ConnectionBanner'
import { LoadBoundary } from '../components/LoadBoundary'
import { whenTextsLoaded } from '../i18n/app-i18n'
import { GettingStarted } from './GettingStarted'
import { Header } from './Header'
import { type Page, usePage } from './page'

// Only the live page is in the first load: the other pages' code and styles are their own chunks, loaded on first visit.
// Each waits for the texts that load after the first paint (findings, summaries, reasons…) as well.
const DiagnoseView = lazy(() => Promise.all([import('./DiagnoseView'), whenTextsLoaded()]).then(([m]) => ({ default: m.DiagnoseView })))
const ImagesPage = lazy(() => Promise.all([import('../features/images/ImagesPage'), whenTextsLoaded()]).then(([m]) => ({ default: m.ImagesPage })))
const ReportPage = lazy(() => Promise.all([import('../features/report/ReportPage'), whenTextsLoaded()]).then(([m]) => ({ default: m.ReportPage })))

function PageLoading() {
  const { t } = useTranslation()
  return (
    <p className="card muted" data-testid="page-loading">
      {t('load.pageLoading')}
    </p>
  )
}

/** A page whose code did not arrive (the server stopped meanwhile): said, with the way out. */
function PageLoadFailed() {
  const { t } = useTranslation()
  return (
    <p className="card banner--error" role="alert" data-testid="page-load-failed">
      {t('load.pageFailed')}{' '}
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('load.reload')}
      </button>
    </p>
  )
}

const PAGE_VIEWS: Record<Page, ComponentType> = {
  monitor: MonitorPage,
  diagnose: DiagnoseView,
  images: ImagesPage,
  report: ReportPage,
}

/** Four pages under one header; the monitor keeps sampling while another page is shown. */
export function App() {
  const page = usePage()
  const View = PAGE_VIEWS[page]
  return (
    <div className="app">
      <Header page={page} />
      {/* Everything below the header is the page's content: one landmark, so nothing lies outside one. */}
      <main className="app-main">
        <ConnectionBanner />
        {page === 'monitor' && <MonitorBanner />}
        {page === 'monitor' && <GettingStarted />}
        <div className="app-page" data-testid={`page-${page}`}>
          <LoadBoundary key={page} failed={<PageLoadFailed />}>
            <Suspense fallback={<PageLoading />}>
              <View />
            </Suspense>
          </LoadBoundary>
        </div>
      </main>
    </div>
  )
}
