import type { Language } from './languages'
import { originKeys, originLabelsEn, originLabelsZh } from './library-origins'
import { reportEn, reportZh } from './report'

/** The reports' namespace 'report' in one language: its texts and the library origins' labels (`ev.origin.<origin>`). */
export function reportTexts(lang: Language): Readonly<Record<string, string>> {
  return lang === 'en' ? { ...reportEn, ...originKeys('ev.origin.', originLabelsEn) } : { ...reportZh, ...originKeys('ev.origin.', originLabelsZh) }
}
