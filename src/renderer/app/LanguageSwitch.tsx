import { useTranslation } from 'react-i18next'

import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages'
import { useSettings } from '../stores/app-context'

export function LanguageSwitch() {
  const { t } = useTranslation()
  const language = useSettings((s) => s.language)
  const setLanguage = useSettings((s) => s.setLanguage)
  return (
    <label className="lang-switch">
      <span className="lang-switch__label">{t('lang.label')}</span>
      <select
        data-testid="lang-switch"
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) setLanguage(e.target.value)
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )
}
