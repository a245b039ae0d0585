import type { Namespaces } from '../shared/i18n/instance'
import { MISSING_VALUE } from '../shared/i18n/missing-value'

/**
 * The CLI's texts by language, then namespace: the languages in the order a key is looked up in
 * (this run's, then English, the fallback).
 */
export type TextsByLanguage = ReadonlyArray<readonly [language: string, namespaces: Namespaces]>

// Every option name i18next reads (its Translator, Interpolator and init): with any of them, other
// than ns, count and defaultValue, among a call's params, the call is i18next's to answer.
const I18NEXT_OPTIONS = new Set(
  (
    'appendNamespaceToCIMode appendNamespaceToMissingKey applyPostProcessor backend cacheInBuiltFormats cleanCode context ' +
    'contextSeparator debug defaultNS detection fallbackLng fallbackNS forkResourceStore formatParams ignoreJSONStructure initAsync ' +
    'interpolation interpolationkey isClone joinArrays keyPrefix keySeparator lng lngs load locale lowerCaseLng maxParallelReads ' +
    'maxRetries missingInterpolationHandler missingKeyHandler missingKeyNoValueFallbackToKey nest nonExplicitSupportedLngs nsSeparator ' +
    'ordinal overloadTranslationOptionHandler parseMissingKeyHandler partialBundledLanguages pluralSeparator postProcess ' +
    'postProcessPassResolved precheck prefix preload prepend range reload replace resources retryTimeout returnDetails ' +
    'returnEmptyString returnNull returnObjects returnedObjectHandler saveMissing saveMissingPlurals saveMissingTo silent skipCopy ' +
    'skipInterpolation split supportedLngs updateMissing userDefinedKeySeparator userDefinedNsSeparator'
  ).split(' '),
)
const PLACEHOLDER = /\{\{(.+?)\}\}/g
const PLAIN_NAME = /^\w+$/
const pluralRules = new Map<string, Intl.PluralRules>()

/** The value i18next puts in for `{{name}}`: own properties only; undefined is missing, null is empty. */
function valueOf(data: Record<string, unknown>, name: string): string {
  if (!Object.hasOwn(data, name)) return MISSING_VALUE
  const value = data[name]
  return value === undefined ? MISSING_VALUE : value === null ? '' : String(value)
}

/** The template with its placeholders filled, as i18next fills them; undefined where i18next could do more (nesting, formats, paths). */
function fill(template: string, data: Record<string, unknown>): string | undefined {
  if (template.includes('$t(') || template.includes('{{-')) return undefined
  let unsupported = false
  let replaced = 0
  const out = template.replace(PLACEHOLDER, (whole, name: string) => {
    // Names with "false" in them take another path in i18next's lookup (its key separator is false).
    if (!PLAIN_NAME.test(name) || name.includes('false') || ++replaced >= 1000) unsupported = true
    return unsupported ? whole : valueOf(data, name)
  })
  return unsupported ? undefined : out
}

/**
 * `t(key, options)` as the CLI's i18next instance (i18n-full.ts) answers it, for the calls the CLI
 * makes: a string key, a namespace, params, a count (plural `_one`/`_other` keys, Intl.PluralRules),
 * a string defaultValue, every value put in as text. Undefined for anything else, which then goes to
 * i18next itself (test/cli/quick-translate.test.ts holds the two to the same answers). It saves the
 * start of every command i18next's set-up and its copies of the texts (3–4 ms).
 */
export function quickTranslate(texts: TextsByLanguage, key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string' || key.includes('###') || key.includes('false')) return undefined
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined
  const data = (options ?? {}) as Record<string, unknown>
  for (const name of Object.keys(data)) if (I18NEXT_OPTIONS.has(name) || (name.startsWith('defaultValue') && name !== 'defaultValue')) return undefined
  const { ns, count, defaultValue } = data
  if ((ns !== undefined && typeof ns !== 'string') || (typeof ns === 'string' && ns.includes('###'))) return undefined
  if (count !== undefined && typeof count !== 'number') return undefined
  if (defaultValue !== undefined && typeof defaultValue !== 'string') return undefined
  const namespace = ns || 'cli'
  let found: unknown
  for (const [language, namespaces] of texts) {
    const table = Object.hasOwn(namespaces, namespace) ? namespaces[namespace] : undefined
    if (!table) continue
    // Most specific first, as i18next pops them: key_zero (count 0), key_<plural form>, key.
    const keys = [key]
    if (count !== undefined) {
      let rules = pluralRules.get(language)
      if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)))
      keys.push(`${key}_${rules.select(count)}`)
      if (count === 0) keys.push(`${key}_zero`)
    }
    // null counts as missing, as in i18next (returnNull: false).
    for (let i = keys.length - 1; i >= 0 && found == null; i--) found = Object.hasOwn(table, keys[i]!) ? table[keys[i]!] : undefined
    if (found != null) break
  }
  if (found != null && typeof found !== 'string') return undefined
  return fill((found as string | undefined) ?? defaultValue ?? key, data)
}
