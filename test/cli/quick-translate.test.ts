import { describe, expect, it } from 'vitest'

import { fullTranslator } from '../../src/cli/i18n-full'
import { historyEn, historyZh } from '../../src/shared/i18n/cli/history'
import { recommendEn, recommendZh } from '../../src/shared/i18n/cli/recommend'
import { cliEn, cliZh } from '../../src/shared/i18n/cli/strings'
import { quickTranslate, type TextsByLanguage } from '../../src/cli/quick-translate'
import type { Namespaces } from '../../src/shared/i18n/instance'
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages'
import { sharedResources } from '../../src/shared/i18n/setup'

// The CLI answers t() itself where it can (src/cli/quick-translate.ts) and leaves the rest to
// i18next: wherever it answers, the answer must be i18next's, for every text of the CLI.

const cliTexts: Record<Language, Namespaces> = {
  en: { cli: { ...cliEn, ...recommendEn, ...historyEn }, ...sharedResources.en },
  'zh-CN': { cli: { ...cliZh, ...recommendZh, ...historyZh }, ...sharedResources['zh-CN'] },
}
const textsFor = (lang: Language): TextsByLanguage => (lang === 'en' ? [['en', cliTexts.en]] : [[lang, cliTexts[lang]], ['en', cliTexts.en]])

/** Values a param can have: text a paste or a flag put there (placeholders, i18next nesting, replace patterns), numbers, nothing. */
const ODD_VALUES: unknown[] = ['a {{name}} b', '$t(error.prefix)', '$t(findings:driver-not-loaded.title)', '$& $1 $$', '中文 …', '', 0, 1, 2.5, -1, false, null, undefined, [1, 2], { a: 1 }]

const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')
const placeholders = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim())

function optionBags(ns: string, names: string[]): Array<Record<string, unknown>> {
  const bags: Array<Record<string, unknown>> = [{ ns }, ns === 'cli' ? {} : { ns }]
  const filled = Object.fromEntries(names.map((n, i) => [n, `v${i}`]))
  bags.push({ ns, ...filled })
  for (const count of [0, 1, 2, 1.5, -1, Number.NaN]) bags.push({ ns, ...filled, count })
  for (const value of ODD_VALUES) bags.push({ ns, ...Object.fromEntries(names.map((n) => [n, value])) })
  // Some params missing.
  bags.push({ ns, ...Object.fromEntries(names.slice(1).map((n) => [n, 'x'])) })
  return bags
}

describe.each(LANGUAGES)('the CLI translator answers as i18next (%s)', (lang) => {
  const texts = textsFor(lang)
  const full = fullTranslator(lang, texts) as (key: unknown, options?: unknown) => string

  it('for every key of every namespace, with every kind of param', () => {
    let answered = 0
    let asked = 0
    for (const [ns, table] of Object.entries(cliTexts.en)) {
      const keys = new Set([...Object.keys(table), ...Object.keys(cliTexts[lang][ns] ?? {})].map(baseKey))
      for (const key of keys) {
        const names = [...new Set([key, `${key}_one`, `${key}_other`].flatMap((k) => [table[k], cliTexts[lang][ns]?.[k]]).flatMap((t) => (t ? placeholders(t) : [])))]
        for (const options of optionBags(ns, names)) {
          asked++
          const quick = quickTranslate(texts, key, options)
          if (quick === undefined) continue
          answered++
          expect(quick, `${ns} ${key} ${JSON.stringify(options)}`).toBe(full(key, options))
        }
      }
    }
    // The quick path is the one the CLI takes: it answers all but the odd calls.
    expect(answered / asked).toBeGreaterThan(0.95)
  })

  it('for keys it has no text for, with and without a default', () => {
    const cases: Array<[unknown, unknown]> = [
      ['no-such-key', undefined],
      ['no-such-key', { ns: 'findings' }],
      ['no-such-key.message', { ns: 'findings', defaultValue: 'lists {{hostCount}}' }],
      ['no-such-key.message', { ns: 'findings', defaultValue: 'lists {{hostCount}}', hostCount: 3 }],
      ['no-such-key.message', { ns: 'findings', defaultValue: '' }],
      ['no-such-key.message', { ns: 'findings', defaultValue: undefined }],
      ['no-such-key.message', { ns: 'findings', defaultValue: 'see $t(error.prefix) and {{- raw}}', raw: '<b>' }],
      ['no-such-key', { defaultValue: 'see $t(error.prefix)' }],
      ['no-such-key', { defaultValue: 'see {{raw}}', raw: '$t(error.prefix)' }],
      ['error.prefix', { ns: 'no-such-namespace' }],
      ['error.prefix', { ns: '' }],
      ['constructor', undefined],
      ['toString', { ns: 'findings' }],
      ['__proto__', undefined],
      ['key.{{name}}', { name: 'x' }],
      ['error.prefix', null],
      ['error.prefix', 'a default'],
      [['no-such-key', 'error.prefix'], undefined],
      ['error.prefix', { lng: 'en' }],
      ['error.prefix', { context: 'male' }],
      ['error.prefix', { returnObjects: true }],
      ['error.prefix', { count: '2' }],
      ['error.prefix', { defaultValue_one: 'one' }],
      ['with ### in it', undefined],
      ['falsehood', undefined],
    ]
    for (const [key, options] of cases) {
      const quick = quickTranslate(texts, key, options)
      if (quick !== undefined) expect(quick, `${JSON.stringify(key)} ${JSON.stringify(options)}`).toBe(full(key, options))
    }
    expect(quickTranslate(texts, 'no-such-key.message', { ns: 'findings', defaultValue: 'lists {{hostCount}}' })).toBe('lists ?')
  })
})
