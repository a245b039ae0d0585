import { useTranslation } from 'react-i18next'

import type { Page } from './page'
import { LanguageSwitch } from './LanguageSwitch'
import { MonitorStatus } from '../features/live/MonitorStatus'
import { PageTabs } from './PageTabs'

export function Header({ page }: { page: Page }) {
  const { t } = useTranslation()
  return (
    <header className="app-header">
      <div className="app-header__title">
        <h1>{t('app.title')}</h1>
        <PageTabs page={page} />
      </div>
      <div className="app-header__tools">
        <MonitorStatus />
        <LanguageSwitch />
      </div>
    </header>
  )
}
