import type { TFunction } from 'i18next'

import { createI18nInstance } from '../../../../shared/i18n/setup'
import { originKeys, originLabelsEn, originLabelsZh } from '../../../../shared/i18n/library-origins'
import type { ReportLang } from '../../../../shared/report'
import { reportEn, reportZh } from './i18n-report'

const cache = new Map<ReportLang, TFunction>()

/** A `t` for reports: namespace 'report' by default, plus the shared namespaces. Synchronous, so renderers stay plain functions. */
export function reportTranslator(lang: ReportLang): TFunction {
  const cached = cache.get(lang)
  if (cached) return cached
  const { t } = createI18nInstance({
    lng: lang,
    defaultNS: 'report',
    own: {
      en: { report: { ...reportEn, ...originKeys('ev.origin.', originLabelsEn) } },
      'zh-CN': { report: { ...reportZh, ...originKeys('ev.origin.', originLabelsZh) } },
    },
  })
  cache.set(lang, t)
  return t
}
