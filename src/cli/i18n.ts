import type { TFunction } from 'i18next'

import { i18nInstanceWith } from '../shared/i18n/instance'
import { LANGUAGES, type Language } from '../shared/i18n/languages'
import { SHARED_NAMESPACES } from '../shared/i18n/options'
import { recommendEn, recommendZh } from './i18n-recommend'
import { historyEn, historyZh } from './i18n-history'
import { cliEn, cliZh } from './i18n-strings'
import { loadSharedTexts } from './shared-texts'
import { truncateEcho } from './terminal-text'

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
 * characters of it.
 */
export function createTranslator(lang: Lang): TFunction {
  const cli = { en: { cli: { ...cliEn, ...recommendEn, ...historyEn } }, 'zh-CN': { cli: { ...cliZh, ...recommendZh, ...historyZh } } }
  const instance = i18nInstanceWith(lang, cli, 'cli', [...SHARED_NAMESPACES, 'cli'])
  // The shared namespaces' texts are added when a message of one is first asked for (a start
  // without them is 6 ms shorter); the configuration is the same as with them from the start.
  let shared = false
  const needsShared = (options: unknown) => !shared && options !== null && typeof options === 'object' && 'ns' in options && options.ns !== 'cli'
  const addShared = (own: (() => ReturnType<typeof loadSharedTexts>) | undefined) => {
    shared = true
    const texts = own ? own() : loadSharedTexts()
    // This run's language and English, its fallback: nothing in one run speaks a third. The texts
    // are module constants nothing writes to, so i18next need not deep-copy them (JSON round trip, 1–2 ms).
    for (const l of LANGUAGES.filter((x) => x === lang || x === 'en'))
      for (const [ns, resources] of Object.entries(texts[l])) instance.addResourceBundle(l, ns, resources, false, false, { silent: false, skipCopy: true })
  }
  const t = instance.t
  // Our own explanations (why a file could not be parsed) run longer than an echoed value.
  const limit = (key: string) => (key === 'reason' || key === 'message' || key === 'detail' ? 1000 : undefined)
  const cut = (options: unknown) =>
    options && typeof options === 'object' && !Array.isArray(options)
      ? Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' && k !== 'defaultValue' && k !== 'ns' ? truncateEcho(v, limit(k)) : v]))
      : options
  const translate = (key: string | string[], options?: unknown): string => {
    if (needsShared(options)) addShared((translate as { [SHARED_TEXTS_LOADER]?: typeof loadSharedTexts })[SHARED_TEXTS_LOADER])
    return (t as (k: unknown, o?: unknown) => string)(key, cut(options))
  }
  return translate as unknown as TFunction
}
