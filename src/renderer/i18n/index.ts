import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

import { findingsEn, findingsZh } from '../../shared/i18n/findings'
import { problemsEn, problemsZh } from '../../shared/i18n/problems'
import { reasonsEn, reasonsZh } from '../../shared/i18n/recommend-reasons'
import { stepsEn, stepsZh } from '../../shared/i18n/steps'
import { summariesEn, summariesZh } from '../../shared/i18n/summaries'
import { uiEn } from './en'
import type { Language } from './languages'
import { uiZh } from './zh-CN'

export const resources = {
  en: { ui: uiEn, problems: problemsEn, steps: stepsEn, findings: findingsEn, summaries: summariesEn, reasons: reasonsEn },
  'zh-CN': { ui: uiZh, problems: problemsZh, steps: stepsZh, findings: findingsZh, summaries: summariesZh, reasons: reasonsZh },
} as const

/** A synchronous i18next instance: resources are bundled, so the first render is already translated. */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh-CN'],
    ns: ['ui', 'problems', 'steps', 'findings', 'summaries', 'reasons'],
    defaultNS: 'ui',
    // Keys are flat ("problem.driverNotLoaded.fix"), so dots and colons are not separators.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources,
    initAsync: false,
    returnNull: false,
  })
  return instance
}
