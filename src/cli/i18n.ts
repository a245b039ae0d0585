import type { TFunction } from 'i18next'

import type { Language } from '../shared/i18n/languages'
import { createI18nInstance } from '../shared/i18n/setup'
import { recommendEn, recommendZh } from './i18n-recommend'
import { historyEn, historyZh } from './i18n-history'
import { cliEn, cliZh } from './i18n-strings'

export type Lang = Language

/** --lang wins, then GPU_DOCTOR_LANG, then LANG / LC_ALL starting with zh. */
export function pickLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  const wanted = flag ?? env.GPU_DOCTOR_LANG ?? env.LC_ALL ?? env.LANG ?? ''
  return /^zh/i.test(wanted) ? 'zh-CN' : 'en'
}

/** A `t` for the CLI: namespace 'cli' by default, plus the shared namespaces. */
export function createTranslator(lang: Lang): TFunction {
  return createI18nInstance({
    lng: lang,
    defaultNS: 'cli',
    own: { en: { cli: { ...cliEn, ...recommendEn, ...historyEn } }, 'zh-CN': { cli: { ...cliZh, ...recommendZh, ...historyZh } } },
  }).t
}
