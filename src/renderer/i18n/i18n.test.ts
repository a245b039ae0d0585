import { describe, expect, it } from 'vitest'

import { problemsEn, problemsZh } from '../../shared/i18n/problems'
import { uiEn } from './en'
import { createI18n } from './index'
import { uiZh } from './zh-CN'

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('i18n resources', () => {
  it('has the same keys and placeholders in English and Chinese', () => {
    expect(Object.keys(uiZh).sort()).toEqual(Object.keys(uiEn).sort())
    for (const [key, en] of Object.entries(uiEn)) {
      expect(placeholders(uiZh[key as keyof typeof uiZh]), key).toEqual(placeholders(en))
      expect(uiZh[key as keyof typeof uiZh].trim(), key).not.toBe('')
    }
    expect(Object.keys(problemsZh).sort()).toEqual(Object.keys(problemsEn).sort())
  })

  it('translates flat dotted keys in both namespaces, synchronously, and switches at runtime', async () => {
    const i18n = createI18n('en')
    expect(i18n.t('metric.utilizationGpu')).toBe('Utilisation')
    expect(i18n.t('problem.driverNotLoaded.fix', { ns: 'problems' })).toBe(problemsEn['problem.driverNotLoaded.fix'])
    expect(i18n.t('problem.unknownKey', { ns: 'problems', defaultValue: 'fallback' })).toBe('fallback')
    await i18n.changeLanguage('zh-CN')
    expect(i18n.t('metric.utilizationGpu')).toBe('利用率')
    expect(i18n.t('problem.driverNotLoaded', { ns: 'problems' })).toBe(problemsZh['problem.driverNotLoaded'])
    expect(i18n.t('monitor.running', { seconds: 1 })).toBe('实时 · 每 1 秒')
  })
})
