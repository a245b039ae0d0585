import type { Language } from '../languages'
import { helpEn, helpZh } from './help'
import { historyEn, historyZh } from './history'
import { recommendEn, recommendZh } from './recommend'
import { cliEn, cliZh } from './strings'

/** The CLI's own namespace 'cli' in one language: its messages, `recommend`'s, the history's and the help's. */
export function cliTexts(lang: Language) {
  return lang === 'en' ? { ...cliEn, ...recommendEn, ...historyEn, ...helpEn } : { ...cliZh, ...recommendZh, ...historyZh, ...helpZh }
}
