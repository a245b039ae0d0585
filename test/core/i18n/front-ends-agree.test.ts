import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'

import { createTranslator } from '../../../src/cli/i18n'
import { reportTranslator } from '../../../src/core/domain/report/rendering/translator'
import { makeFinding } from '../../../src/core/domain/findings/finding-catalog'
import { createI18n } from '../../../src/renderer/i18n'
import { interpolate } from '../../../src/shared/i18n/interpolate'
import { LANGUAGES, type Language } from '../../../src/shared/i18n/languages'
import { sharedResources } from '../../../src/shared/i18n/setup'
import type { Message } from '../../../src/shared/message'

// The CLI, the reports and the UI build their i18next instances with src/shared/i18n/setup.ts,
// so one message reads the same in all three, in every language.
const translators = (lang: Language): Record<string, TFunction> => ({
  cli: createTranslator(lang),
  report: reportTranslator(lang),
  renderer: createI18n(lang).t,
})

const render = (t: TFunction, ns: string, m: Message, defaultValue?: string) => t(m.key, { ns, ...m.params, ...(defaultValue === undefined ? {} : { defaultValue }) })

const SAMPLES: Array<[ns: string, message: Message]> = [
  ['findings', { key: 'fewer-devices-than-host.message', params: { torchCount: 1, hostCount: 2 } }],
  ['summaries', { key: 'gpuVisible.ok', params: { torch: '2.8.0', cuda: '12.8', count: 2, names: 'RTX 4090, RTX 4090' } }],
  ['reasons', { key: 'driver.native', params: { driver: '570.124.06', driverCuda: '12.8', cuda: '12.6' } }],
  ['problems', { key: 'problem.driverNotLoaded', params: {} }],
  ['steps', { key: 'step.conv-timing.title', params: {} }],
]

describe.each(LANGUAGES)('one i18n setup (%s)', (lang) => {
  const all = translators(lang)

  it.each(SAMPLES)('renders %s %o the same in the CLI, reports and renderer, as interpolate does', (ns, m) => {
    const template = sharedResources[lang][ns]![m.key]!
    for (const [front, t] of Object.entries(all)) expect(render(t, ns, m), front).toBe(interpolate(template, m.params))
  })

  it('shows a missing param as "?" in all three', () => {
    const m: Message = { key: 'fewer-devices-than-host.message', params: { torchCount: 1 } }
    const expected = lang === 'en' ? 'PyTorch sees fewer GPUs than nvidia-smi lists: 1 of ?.' : 'PyTorch 看到 1 块 GPU，而 nvidia-smi 列出 ? 块。'
    for (const [front, t] of Object.entries(all)) expect(render(t, 'findings', m), front).toBe(expected)
  })

  it('shows a missing param as "?" in the English fallback of an unknown key too', () => {
    const m: Message = { key: 'no-such-finding.message', params: {} }
    for (const [front, t] of Object.entries(all)) expect(render(t, 'findings', m, 'lists {{hostCount}}'), front).toBe('lists ?')
  })

  it('has every shared namespace in all three', () => {
    for (const [ns, texts] of Object.entries(sharedResources[lang])) {
      const [key, text] = Object.entries(texts)[0]!
      for (const [front, t] of Object.entries(all)) expect(render(t, ns, { key, params: {} }), `${front} ${ns}`).toBe(interpolate(text, {}))
    }
  })
})

describe("the core's English text", () => {
  it("is what every front end's English translation says, a missing param included", () => {
    const finding = makeFinding('fewer-devices-than-host', 'warning', { torchCount: 1 })
    for (const [front, t] of Object.entries(translators('en'))) {
      expect(render(t, 'findings', { key: 'fewer-devices-than-host.message', params: finding.params }), front).toBe(finding.message)
    }
  })
})
