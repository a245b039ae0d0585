import { useTranslation } from 'react-i18next'

import { goTo, PAGES, type Page } from './page'

/** The header's page switch: live monitor or diagnosis. Plain links to #hash, so the browser keeps history. */
export function PageTabs({ page }: { page: Page }) {
  const { t } = useTranslation()
  return (
    <nav className="tabs" aria-label={t('nav.label')}>
      {PAGES.map((p) => (
        <a
          key={p}
          href={p === 'monitor' ? '#' : `#${p}`}
          className={`tabs__tab${p === page ? ' tabs__tab--active' : ''}`}
          aria-current={p === page ? 'page' : undefined}
          data-testid={`tab-${p}`}
          onClick={(e) => {
            e.preventDefault()
            goTo(p)
          }}
        >
          {t(`nav.${p}`)}
        </a>
      ))}
    </nav>
  )
}
