import type { TFunction } from 'i18next'

import type { Namespaces } from '../shared/i18n/instance'
import { LANGUAGES, type Language } from '../shared/i18n/languages'
import { fullTranslator } from './i18n-full'
import { cliTexts } from '../shared/i18n/cli'
import { loadSharedTexts } from './shared-texts'
import { quickTranslate } from './quick-translate'
import { cutValues } from './echo-values'
import { NAMESPACE_TEXTS, type NamespaceTexts } from './namespace-texts'

export type Lang = Language

/**
 * Where a command's file that carries the shared texts itself puts its loader of them, on `ctx.t`
 * (scripts/build-cli.mjs), so they are not loaded a second time from texts-shared.cjs.
 */
export const SHARED_TEXTS_LOADER = Symbol.for('gpu-doctor.cli.shared-texts')

/** --lang wins, then GPU_DOCTOR_LANG, then LANG / LC_ALL starting with zh. */
export function pickLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  const wanted = flag ?? env.GPU_DOCTOR_LANG ?? env.LC_ALL ?? env.LANG ?? ''
  return /^zh/i.test(wanted) ? 'zh-CN' : 'en'
}

/**
 * A `t` for the CLI: namespace 'cli' by default, plus the shared namespaces (added on first use). Every text value put
 * into a message is cut to ECHO_MAX_CHARS: a message echoes a flag or a file name, never 10,000
 * characters of it. quickTranslate answers the calls the CLI makes; any other goes to i18next,
 * set up with the same texts and options as every front end (i18n-full.ts, loaded then).
 */
export function createTranslator(lang: Lang): TFunction {
  // This run's language and English, its fallback, in the order a key is looked up in: nothing in one run speaks a third.
  const cli = (l: Lang) => ({ cli: cliTexts(l) })
  const texts: Array<[Lang, Namespaces]> = LANGUAGES.filter((l) => l === lang || l === 'en')
    .sort((a, b) => (a === lang ? -1 : b === lang ? 1 : 0))
    .map((l) => [l, cli(l)])
  // The shared namespaces' texts are added when a message of one is first asked for (a start
  // without them is shorter); they are used in place, not copied.
  let shared = false
  const needsShared = (options: unknown) => !shared && options !== null && typeof options === 'object' && 'ns' in options && options.ns !== 'cli'
  const addShared = (own: (() => ReturnType<typeof loadSharedTexts>) | undefined) => {
    shared = true
    const all = own ? own() : loadSharedTexts()
    for (const [l, namespaces] of texts) Object.assign(namespaces, all[l])
  }
  let full: TFunction | undefined
  const ownLoader = () => (translate as { [SHARED_TEXTS_LOADER]?: typeof loadSharedTexts })[SHARED_TEXTS_LOADER]
  const translate = (key: string | string[], options?: unknown): string => {
    if (needsShared(options)) addShared(ownLoader())
    const cutOptions = cutValues(options)
    return quickTranslate(texts, key, cutOptions) ?? ((full ??= fullTranslator(lang, texts)) as (k: unknown, o?: unknown) => string)(key, cutOptions)
  }
  // One namespace's texts in this run's language (English where it lacks the namespace): the findings catalogue for renderFinding.
  const namespace: NamespaceTexts = (ns) => {
    if (needsShared({ ns })) addShared(ownLoader())
    for (const [, namespaces] of texts) if (Object.hasOwn(namespaces, ns)) return namespaces[ns]!
    return {}
  }
  return Object.assign(translate, { [NAMESPACE_TEXTS]: namespace }) as unknown as TFunction
}
