import { describe, expect, it } from 'vitest'

import { problemsEn, problemsZh } from '../../../src/shared/i18n/problems'
import { stepsEn, stepsZh } from '../../../src/shared/i18n/steps'
import { uiEn } from '../../../src/shared/i18n/ui/ui-en'
import { createI18n } from '../../../src/renderer/i18n/index'
import { uiZh } from '../../../src/shared/i18n/ui/zh'

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

  it('has a title and a one-sentence explanation of each step in both languages', () => {
    for (const id of ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'] as const) {
      for (const part of ['title', 'what'] as const) {
        const key = `step.${id}.${part}` as const
        expect(stepsEn[key].trim(), key).not.toBe('')
        expect(stepsZh[key].trim(), key).not.toBe('')
      }
      expect(stepsEn[`step.${id}.what`], id).toMatch(/^[^.]+(\.[^\s][^.]*)*\.$/)
    }
    expect(Object.keys(stepsZh).sort()).toEqual(Object.keys(stepsEn).sort())
    const i18n = createI18n('zh-CN')
    expect(i18n.t('step.gpu-visible.title', { ns: 'steps' })).toBe(stepsZh['step.gpu-visible.title'])
    expect(i18n.t('cpu-only-torch-build.title', { ns: 'findings' })).toBe('安装的是 CPU 版 PyTorch')
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
