import type { Language } from '../languages'
import { historyEn, historyZh } from './history'
import { recommendEn, recommendZh } from './recommend'
import { cliEn, cliZh } from './strings'

/** The CLI's own namespace 'cli' in one language: its messages, `recommend`'s and the history's. */
export function cliTexts(lang: Language) {
  return lang === 'en' ? { ...cliEn, ...recommendEn, ...historyEn } : { ...cliZh, ...recommendZh, ...historyZh }
}
