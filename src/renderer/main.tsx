import './base.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'

import { App } from './app/App'
import { DiagnosisProvider } from './features/diagnosis/diagnosis-context'
import { createDiagnosisController } from './features/diagnosis/diagnosis-controller'
import { createDiagnosisStore } from './features/diagnosis/diagnosis-store'
import { ImagesProvider } from './features/images/images-context'
import { createImagesController } from './features/images/images-controller'
import { createImagesStore } from './features/images/images-store'
import { createGpuStore } from './features/live/gpu-store'
import { createHostStore } from './features/live/host-store'
import { LiveProvider } from './features/live/live-context'
import { createLiveController } from './features/live/live-controller'
import { WatchProvider } from './features/live/watch-context'
import { createWatchController } from './features/live/watch-controller'
import { createWatchStore } from './features/live/watch-store'
import { downloadFile, readFileText } from './features/report/download'
import { ReportProvider } from './features/report/report-context'
import { createReportController } from './features/report/report-controller'
import { createReportStore } from './features/report/report-store'
import { createAppI18n, loadTexts } from './i18n/app-i18n'
import { AppProvider, type AppStores } from './stores/app-context'
import { createConnectionStore } from './stores/connection-store'
import { createSettingsStore, initialLanguage } from './stores/settings-store'
import { pickTransport } from './transport'

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const storage = safeLocalStorage()
const language = initialLanguage(storage, navigator.languages)
const i18n = createAppI18n()
const stores: AppStores = {
  settings: createSettingsStore(storage, language),
  connection: createConnectionStore(),
}
const liveStores = { gpu: createGpuStore(), host: createHostStore(), connection: stores.connection }

function applyLanguage(): void {
  document.documentElement.lang = i18n.language
  document.title = i18n.t('app.title')
}
// A language's texts arrive before the switch to it, so nothing shows a bare key.
const switchLanguage = (lang: typeof language) => loadTexts(i18n, lang).then(() => i18n.changeLanguage(lang)).then(applyLanguage)
stores.settings.subscribe((state, previous) => {
  if (state.language !== previous.language) void switchLanguage(state.language)
})

const transport = pickTransport(window)
const live = createLiveController(transport, liveStores)
void live.start()
const watchStore = createWatchStore()
const watch = createWatchController(transport, watchStore)
watch.start()
const diagnosisStore = createDiagnosisStore(storage)
const diagnosis = createDiagnosisController(transport, diagnosisStore)
diagnosis.start()
const imagesStore = createImagesStore()
const images = createImagesController(transport, imagesStore)
images.start()
const reportStore = createReportStore()
const report = createReportController(transport, reportStore, {
  download: (data, name, mime) => downloadFile(document, data, name, mime),
  readFile: readFileText,
  // The Electron preload: report:save opens the app's save dialog (and prints PDF); serve answers
  // 'no-save-dialog', and its PDF comes from the core's headless Chromium (report:pdf).
  nativeSave: 'gpuDoctor' in window,
})

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
// English paints at once (its live-page texts are in this chunk, the rest follows); Chinese waits for its chunk.
if (language === 'en') {
  applyLanguage()
  void loadTexts(i18n, 'en')
}
const ready = language === 'en' ? Promise.resolve() : switchLanguage(language).catch(applyLanguage)
void ready.then(() => createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <AppProvider stores={stores} actions={{}}>
        <LiveProvider stores={liveStores} actions={live}>
          <WatchProvider stores={{ watch: watchStore }} actions={watch}>
          <DiagnosisProvider stores={{ diagnosis: diagnosisStore }} actions={diagnosis}>
            <ImagesProvider stores={{ images: imagesStore }} actions={images}>
              <ReportProvider stores={{ report: reportStore }} actions={report}>
                <App />
              </ReportProvider>
            </ImagesProvider>
          </DiagnosisProvider>
          </WatchProvider>
        </LiveProvider>
      </AppProvider>
    </I18nextProvider>
  </StrictMode>,
))
