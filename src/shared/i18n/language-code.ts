// Namespace 'language': the code of the language whose texts a translator holds. Code that is given
// only a `t` (a front end's render function, translateSummary) asks it which language it speaks, so
// that renderFinding writes in that language too: `languageOf(t)`.

import type { Language } from './languages'

export const languageEn = { code: 'en' } satisfies { code: Language }
export const languageZh = { code: 'zh-CN' } satisfies { code: Language }

// Every language's, so that a language added to languages.ts fails here until it has its code.
const BY_LANGUAGE: Record<Language, { code: Language }> = { en: languageEn, 'zh-CN': languageZh }

/** Any translator of GPU Doctor's: i18next's `t`, the CLI's, a wrapper of either. */
type Translate = (key: string, options: { ns: string }) => string

/** The language `t` speaks (its texts of namespace 'language'); English where it has none. */
export function languageOf(t: Translate): Language {
  const code = t('code', { ns: 'language' })
  return Object.values(BY_LANGUAGE).find((l) => l.code === code)?.code ?? 'en'
}
