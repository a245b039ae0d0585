import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

import { problemsEn } from '../../shared/i18n/problems'
import { samplerEn } from '../../shared/i18n/sampler'
import { stepsEn } from '../../shared/i18n/steps'
import { i18nOptions, SHARED_NAMESPACES } from '../../shared/i18n/options'
import { baseUiEn } from '../../shared/i18n/ui/en'
import { watchUiEn } from '../../shared/i18n/ui/en-watch'
import type { Language } from './languages'

/**
 * The app's i18next instance, configured as every front end's (src/shared/i18n/options.ts), with
 * only what the first paint of the live page needs: the English UI of the frame and the live page, problems, sampler and step
 * names. The rest comes in chunks of its own (loadTexts): the first load stays small.
 */
export function createAppI18n(): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next)
  void instance.init({
    ...i18nOptions('en', 'ui', ['ui', ...SHARED_NAMESPACES]),
    resources: { en: { ui: { ...baseUiEn, ...watchUiEn }, problems: problemsEn, sampler: samplerEn, steps: stepsEn } },
    react: { bindI18nStore: 'added' },
  })
  return instance
}

const loaded = new Map<string, Promise<void>>()
let latest: Promise<void> = Promise.resolve()

/** Resolves when the texts asked for last have arrived: a page loaded lazily waits for them too. */
export function whenTextsLoaded(): Promise<void> {
  return latest
}

function once(key: string, load: () => Promise<Record<string, Record<string, string>>>, instance: i18n, lang: Language): Promise<void> {
  let promise = loaded.get(key)
  if (!promise) {
    promise = load().then((bundles) => {
      for (const [ns, texts] of Object.entries(bundles)) instance.addResourceBundle(lang, ns, texts, true, true)
    })
    loaded.set(key, promise)
  }
  return promise
}

/** Loads the texts of `lang` not there yet (and the English the others fall back to); resolves when `t` has them. */
export function loadTexts(instance: i18n, lang: Language): Promise<void> {
  const more = once('en-more', () => import('./texts-more-en').then((m) => m.moreTextsEn), instance, 'en')
  latest = lang === 'en' ? more : Promise.all([more, once('zh-CN', () => import('./texts-zh').then((m) => m.textsZh), instance, 'zh-CN')]).then(() => undefined)
  return latest
}
