import { describe, expect, it } from 'vitest'

import type { Finding } from '../../../src/shared/diagnosis'
import { FINDING_TEXTS } from '../../../src/shared/i18n/findings'
import { findingText } from '../../../src/renderer/components/finding-texts'
import { createAppI18n, loadTexts } from '../../../src/renderer/i18n/app-i18n'

const f: Finding = { id: 'cudnn-not-effective', severity: 'error', message: 'core message', fix: 'core fix', evidence: null, params: { ratio: '1.00' } }

describe("the app's i18next instance, its texts loaded in parts", () => {
  it('renders a finding in the language whose texts have arrived: English first, Chinese once loaded', async () => {
    const i18n = createAppI18n()
    expect(findingText(f, i18n.t).title).toBe(FINDING_TEXTS.en['cudnn-not-effective.title'])
    await loadTexts(i18n, 'zh-CN')
    await i18n.changeLanguage('zh-CN')
    expect(findingText(f, i18n.getFixedT('zh-CN')).title).toBe(FINDING_TEXTS['zh-CN']['cudnn-not-effective.title'])
    expect(findingText(f, i18n.t).message).toBe(FINDING_TEXTS['zh-CN']['cudnn-not-effective.message'].replace('{{ratio}}', '1.00'))
    await i18n.changeLanguage('en')
    expect(findingText(f, i18n.t).fix).toBe(FINDING_TEXTS.en['cudnn-not-effective.fix'])
  })
})
