import i18next, { type TFunction } from 'i18next'

import { findingsEn, findingsZh } from '../../../shared/i18n/findings'
import { reasonsEn, reasonsZh } from '../../../shared/i18n/recommend-reasons'
import { problemsEn, problemsZh } from '../../../shared/i18n/problems'
import { stepsEn, stepsZh } from '../../../shared/i18n/steps'
import { summariesEn, summariesZh } from '../../../shared/i18n/summaries'
import { originKeys, originLabelsEn, originLabelsZh } from '../../../shared/i18n/library-origins'
import type { ReportLang } from '../../../shared/report'
import { reportEn, reportZh } from './i18n-report'

const cache = new Map<ReportLang, TFunction>()

/**
 * A `t` for reports: namespace 'report' by default, plus the shared steps, summaries, findings and
 * problems texts. Synchronous (inline resources), so renderers stay plain functions.
 */
export function reportTranslator(lang: ReportLang): TFunction {
  const cached = cache.get(lang)
  if (cached) return cached
  const instance = i18next.createInstance()
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: ['report', 'steps', 'summaries', 'findings', 'problems', 'reasons'],
    defaultNS: 'report',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      en: { report: { ...reportEn, ...originKeys('ev.origin.', originLabelsEn) }, steps: stepsEn, summaries: summariesEn, findings: findingsEn, problems: problemsEn, reasons: reasonsEn },
      'zh-CN': { report: { ...reportZh, ...originKeys('ev.origin.', originLabelsZh) }, steps: stepsZh, summaries: summariesZh, findings: findingsZh, problems: problemsZh, reasons: reasonsZh },
    },
  })
  cache.set(lang, instance.t)
  return instance.t
}
