import i18next, { type TFunction } from 'i18next'

import { findingsEn, findingsZh } from '../shared/i18n/findings'
import { problemsEn, problemsZh } from '../shared/i18n/problems'
import { summariesEn, summariesZh } from '../shared/i18n/summaries'
import { recommendEn, recommendZh } from './i18n-recommend'
import { cliEn, cliZh } from './i18n-strings'

export type Lang = 'en' | 'zh-CN'

/** --lang wins, then GPU_DOCTOR_LANG, then LANG / LC_ALL starting with zh. */
export function pickLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  const wanted = flag ?? env.GPU_DOCTOR_LANG ?? env.LC_ALL ?? env.LANG ?? ''
  return /^zh/i.test(wanted) ? 'zh-CN' : 'en'
}

export async function createTranslator(lang: Lang): Promise<TFunction> {
  const instance = i18next.createInstance()
  await instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: ['cli', 'problems', 'findings', 'summaries'],
    defaultNS: 'cli',
    interpolation: { escapeValue: false },
    resources: {
      en: { cli: { ...cliEn, ...recommendEn }, problems: problemsEn, findings: findingsEn, summaries: summariesEn },
      'zh-CN': { cli: { ...cliZh, ...recommendZh }, problems: problemsZh, findings: findingsZh, summaries: summariesZh },
    },
  })
  return instance.t
}
