import './styles.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'

import { createController } from './app/controller'
import { App } from './components/App'
import { createI18n } from './i18n'
import { createConnectionStore } from './stores/connection-store'
import type { AppStores } from './stores/context'
import { StoresProvider } from './stores/context'
import { createGpuStore } from './stores/gpu-store'
import { createHostStore } from './stores/host-store'
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

const controller = createController(pickTransport(window), stores)
void controller.start()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>
        <App onRetry={() => void controller.refresh()} />
      </StoresProvider>
    </I18nextProvider>
  </StrictMode>,
)
