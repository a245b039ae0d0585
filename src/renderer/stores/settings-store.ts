import { createStore } from 'zustand/vanilla'

import { isLanguage, type Language } from '../i18n/languages'

export const LANGUAGE_KEY = 'gpu-doctor.language'

export interface SettingsStoreState {
  language: Language
  setLanguage(language: Language): void
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The remembered language, else the browser's (zh* → Simplified Chinese), else English. */
export function initialLanguage(storage: KeyValueStorage | null, browserLanguages: readonly string[]): Language {
  try {
    const saved = storage?.getItem(LANGUAGE_KEY)
    if (saved && isLanguage(saved)) return saved
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the browser's language.
  }
  return /^zh/i.test(browserLanguages[0] ?? '') ? 'zh-CN' : 'en'
}

export function createSettingsStore(storage: KeyValueStorage | null, language: Language) {
  return createStore<SettingsStoreState>()((set) => ({
    language,
    setLanguage: (next) => {
      try {
        storage?.setItem(LANGUAGE_KEY, next)
      } catch {
        // Not remembered, but still switched.
      }
      set({ language: next })
    },
  }))
}

export type SettingsStore = ReturnType<typeof createSettingsStore>
