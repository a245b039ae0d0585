import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { CompatBadge, ConfidenceMark } from './Badges'

/** What the badges and marks mean, under the recommendations: always shown, not only on hover. */
export function Legend() {
  const { t } = useTranslation()
  const compat = (['native', 'ptx-jit', 'minor-version', 'incompatible'] as const).map((c) => ({
    key: c,
    term: <CompatBadge compat={c} />,
    means: t(`img.compat.${c}.means`),
  }))
  const marks = (['P', 'S', 'U'] as const).map((m) => ({ key: m, term: <ConfidenceMark mark={m} />, means: t(`img.mark.${m}.means`) }))
  return (
    <section className="legend" data-testid="rec-legend" aria-label={t('img.legend')}>
      <LegendGroup title={t('img.legend.compat')} rows={compat} />
      <LegendGroup title={t('img.legend.marks')} rows={marks} modifier="marks" />
    </section>
  )
}

function LegendGroup({ title, rows, modifier }: { title: string; rows: { key: string; term: ReactNode; means: string }[]; modifier?: string }) {
  return (
    <div className={modifier ? `legend__group legend__group--${modifier}` : 'legend__group'}>
      <h3 className="legend__title">{title}</h3>
      <dl className="legend__list">
        {rows.map((row) => (
          <div key={row.key} className="legend__row">
            <dt>{row.term}</dt>
            <dd>{row.means}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
