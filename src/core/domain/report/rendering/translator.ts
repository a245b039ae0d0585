import type { TFunction } from 'i18next'

import { createI18nInstance } from '../../../../shared/i18n/setup'
import type { ReportLang } from '../../../../shared/report'
import { reportTexts } from '../../../../shared/i18n/report-texts'

const cache = new Map<ReportLang, TFunction>()

/** A `t` for reports: namespace 'report' by default, plus the shared namespaces. Synchronous, so renderers stay plain functions. */
export function reportTranslator(lang: ReportLang): TFunction {
  const cached = cache.get(lang)
  if (cached) return cached
  const { t } = createI18nInstance({
    lng: lang,
    defaultNS: 'report',
    own: { en: { report: reportTexts('en') }, 'zh-CN': { report: reportTexts('zh-CN') } },
  })
  cache.set(lang, t)
  return t
}
