import { describe, expect, it } from 'vitest'

import { createI18n } from '../../../../src/renderer/i18n'
import { reasonTexts } from '../../../../src/renderer/features/images/reason-text'

describe('recommendation reasons in the reader language', () => {
  it('shows the engine reasons in Chinese by their codes, and English as sent', () => {
    const english = ['Driver 580.65.06 supports CUDA up to 13.0; this image uses CUDA 13.0, so it runs natively.']
    const codes = [{ code: 'driver.native', vars: { driver: '580.65.06', driverCuda: '13.0', cuda: '13.0' } }]
    const zh = createI18n('zh-CN')
    expect(reasonTexts(zh.t, english, codes)[0]).toBe('驱动 580.65.06 最高支持 CUDA 13.0；此镜像使用 CUDA 13.0，可原生运行。')
    const en = createI18n('en')
    expect(reasonTexts(en.t, english, codes)).toEqual(english)
  })

  it('falls back to the English text when codes are missing or do not line up', () => {
    const zh = createI18n('zh-CN')
    expect(reasonTexts(zh.t, ['a', 'b'], [{ code: 'driver.native', vars: {} }])).toEqual(['a', 'b'])
    expect(reasonTexts(zh.t, ['a'], undefined)).toEqual(['a'])
  })
})
