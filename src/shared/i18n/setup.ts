import type { i18n, Module } from 'i18next'

import { dockerNotesEn, dockerNotesZh } from './docker-notes'
import { findingsEn, findingsZh } from './findings'
import { i18nInstanceWith, type Namespaces } from './instance'
import { languageEn, languageZh } from './language-code'
import { LANGUAGES, type Language } from './languages'
import { problemsEn, problemsZh } from './problems'
import { reasonsEn, reasonsZh } from './recommend-reasons'
import { samplerEn, samplerZh } from './sampler'
import { stepsEn, stepsZh } from './steps'
import { summariesEn, summariesZh } from './summaries'
import { watchEn, watchZh } from './watch'

export type { Namespaces }

/** The namespaces every front end shows: findings, problems, step summaries, step titles, recommendation reasons, Docker notes, the live sampler, watch verdicts; and the language's own code (language-code.ts). */
export const sharedResources: Record<Language, Namespaces> = {
  en: { findings: findingsEn, problems: problemsEn, summaries: summariesEn, steps: stepsEn, reasons: reasonsEn, docker: dockerNotesEn, sampler: samplerEn, watch: watchEn, language: languageEn },
  'zh-CN': { findings: findingsZh, problems: problemsZh, summaries: summariesZh, steps: stepsZh, reasons: reasonsZh, docker: dockerNotesZh, sampler: samplerZh, watch: watchZh, language: languageZh },
}

export interface I18nSetup {
  lng: Language
  /** The front end's own namespaces (cli, report, ui…), added to the shared ones. */
  own: Record<Language, Namespaces>
  defaultNS: string
  /** i18next plugins to use before init, e.g. react-i18next's initReactI18next. */
  modules?: Module[]
}

/**
 * An i18next instance configured the same way for the CLI, the reports and the renderer, so one
 * key with one set of params reads the same everywhere. Resources are inline, so init is
 * synchronous and `t` works as soon as this returns.
 */
export function createI18nInstance({ lng, own, defaultNS, modules = [] }: I18nSetup): i18n {
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { ...sharedResources[l], ...own[l] }])) as Record<Language, Namespaces>
  return i18nInstanceWith(lng, resources, defaultNS, Object.keys(resources.en), modules)
}
