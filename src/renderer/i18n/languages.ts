import type { Language } from '../../shared/i18n/languages'

export { isLanguage, LANGUAGES, type Language } from '../../shared/i18n/languages'

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' }
