import './styles.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'

import { createController } from './app/controller'
import { DiagnosisProvider } from './app/diagnosis-context'
import { createDiagnosisController } from './app/diagnosis-controller'
import { ImagesProvider } from './app/images-context'
import { createImagesController } from './app/images-controller'
import { ReportProvider } from './app/report-context'
import { createReportController } from './app/report-controller'
import { App } from './components/App'
import { createI18n } from './i18n'
import { createConnectionStore } from './stores/connection-store'
import type { AppStores } from './stores/context'
import { createDiagnosisStore } from './stores/diagnosis-store'
import { StoresProvider } from './stores/context'
import { createGpuStore } from './stores/gpu-store'
import { createHostStore } from './stores/host-store'
import { createImagesStore } from './stores/images-store'
import { createReportStore } from './stores/report-store'
import { createSettingsStore, initialLanguage } from './stores/settings-store'
import { downloadText, readFileText } from './report/download'
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
const i18n = createI18n(language)
const stores: AppStores = {
  gpu: createGpuStore(),
  host: createHostStore(),
  settings: createSettingsStore(storage, language),
  connection: createConnectionStore(),
}

function applyLanguage(): void {
  document.documentElement.lang = i18n.language
  document.title = i18n.t('app.title')
}
applyLanguage()
stores.settings.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18n.changeLanguage(state.language).then(applyLanguage)
})

const transport = pickTransport(window)
const controller = createController(transport, stores)
void controller.start()
const diagnosisStore = createDiagnosisStore()
const diagnosis = createDiagnosisController(transport, diagnosisStore)
diagnosis.start()
const imagesStore = createImagesStore()
const images = createImagesController(transport, imagesStore)
images.start()
const reportStore = createReportStore()
const report = createReportController(transport, reportStore, {
  download: (text, name, mime) => downloadText(document, text, name, mime),
  readFile: readFileText,
  // The Electron preload: report:save opens the app's save dialog; serve answers 'no-save-dialog'.
  nativeSave: 'gpuDoctor' in window,
})

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>
        <DiagnosisProvider store={diagnosisStore} actions={diagnosis}>
          <ImagesProvider store={imagesStore} actions={images}>
            <ReportProvider store={reportStore} actions={report}>
              <App onRetry={() => void controller.refresh()} />
            </ReportProvider>
          </ImagesProvider>
        </DiagnosisProvider>
      </StoresProvider>
    </I18nextProvider>
  </StrictMode>,
)
