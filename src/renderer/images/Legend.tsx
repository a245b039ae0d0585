import { useTranslation } from 'react-i18next'

import { CompatBadge, ConfidenceMark } from './Badges'

/** What the badges and marks mean, under the recommendations: always shown, not only on hover. */
export function Legend() {
  const { t } = useTranslation()
  return (
    <section className="legend" data-testid="rec-legend" aria-label={t('img.legend')}>
      <div className="legend__group">
        <h3 className="legend__title">{t('img.legend.compat')}</h3>
        <dl className="legend__list">
          {(['native', 'minor-version', 'incompatible'] as const).map((c) => (
            <div key={c} className="legend__row">
              <dt>
                <CompatBadge compat={c} />
              </dt>
              <dd>{t(`img.compat.${c}.means`)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="legend__group legend__group--marks">
        <h3 className="legend__title">{t('img.legend.marks')}</h3>
        <dl className="legend__list">
          {(['P', 'S', 'U'] as const).map((m) => (
            <div key={m} className="legend__row">
              <dt>
                <ConfidenceMark mark={m} />
              </dt>
              <dd>{t(`img.mark.${m}.means`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
