import { describe, expect, it } from 'vitest'

import { LANGUAGES } from '../../../src/shared/i18n/languages'
import { SHARED_NAMESPACES } from '../../../src/shared/i18n/options'
import { sharedResources } from '../../../src/shared/i18n/setup'
import { TEXTS } from '../../../src/shared/i18n/texts'

// Every text of every front end, in the one tree of src/shared/i18n (texts.ts): each key in every
// language, with the same {{params}}. The per-namespace checks elsewhere (findings, ui, steps) came first.

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim()))].sort()
const [first, ...others] = LANGUAGES

describe('every text, in every language', () => {
  it('has the same namespaces in every language, the shared ones among them', () => {
    for (const lang of others) expect(Object.keys(TEXTS[lang]).sort(), lang).toEqual(Object.keys(TEXTS[first]).sort())
    for (const ns of [...SHARED_NAMESPACES, 'language', 'ui', 'cli', 'report', 'desktop']) expect(Object.keys(TEXTS[first]), ns).toContain(ns)
  })

  it.each(Object.keys(TEXTS[first]))('%s: every key in every language, none empty, with the same {{params}}', (ns) => {
    const texts = (lang: (typeof LANGUAGES)[number]) => TEXTS[lang][ns as keyof (typeof TEXTS)['en']] as Readonly<Record<string, string>>
    const reference = texts(first)
    expect(Object.keys(reference).length, ns).toBeGreaterThan(0)
    for (const lang of LANGUAGES) {
      const own = texts(lang)
      expect(Object.keys(own).sort(), `${ns} (${lang})`).toEqual(Object.keys(reference).sort())
      for (const [key, text] of Object.entries(own)) {
        expect(typeof text === 'string' && text.trim() !== '', `${ns}:${key} (${lang}) is empty`).toBe(true)
        expect(placeholders(text), `${ns}:${key} (${lang})`).toEqual(placeholders(reference[key]!))
      }
    }
  })

  it('is what the front ends use: the shared namespaces are the tree’s own tables', () => {
    for (const lang of LANGUAGES) {
      for (const [ns, table] of Object.entries(sharedResources[lang])) expect(table, `${ns} (${lang})`).toBe(TEXTS[lang][ns as keyof (typeof TEXTS)['en']])
    }
  })
})
