import type { i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

import { createI18nInstance } from '../../shared/i18n/setup'
import { uiEn } from '../../shared/i18n/ui/ui-en'
import type { Language } from './languages'
import { uiZh } from '../../shared/i18n/ui/zh'

/** The UI's i18next instance: namespace 'ui' by default, plus the shared namespaces; the first render is already translated. */
export function createI18n(language: Language): i18n {
  return createI18nInstance({ lng: language, defaultNS: 'ui', own: { en: { ui: uiEn }, 'zh-CN': { ui: uiZh } }, modules: [initReactI18next] })
}
