import type { TFunction } from 'i18next'

import { i18nInstanceWith } from '../shared/i18n/instance'
import type { Language } from '../shared/i18n/languages'
import { SHARED_NAMESPACES } from '../shared/i18n/options'
import type { TextsByLanguage } from './quick-translate'

/**
 * The CLI's i18next instance, for the calls quickTranslate leaves to it. It reads the texts it is
 * given in place (namespaces added to them later included). The built CLI keeps it, with i18next,
 * in a file of its own (i18n-full.cjs, scripts/build-cli.mjs), loaded only when such a call comes.
 */
export function fullTranslator(lang: Language, texts: TextsByLanguage): TFunction {
  const resources = Object.fromEntries(texts) as Record<Language, Record<string, Readonly<Record<string, string>>>>
  return i18nInstanceWith(lang, resources, 'cli', [...SHARED_NAMESPACES, 'cli']).t
}
