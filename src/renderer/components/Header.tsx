import { useTranslation } from 'react-i18next'

import { LanguageSwitch } from './LanguageSwitch'
import { MonitorStatus } from './MonitorStatus'

export function Header() {
  const { t } = useTranslation()
  return (
    <header className="app-header">
      <div className="app-header__title">
        <h1>{t('app.title')}</h1>
        <span className="app-header__tagline">{t('app.tagline')}</span>
      </div>
      <div className="app-header__tools">
        <MonitorStatus />
        <LanguageSwitch />
      </div>
    </header>
  )
}
