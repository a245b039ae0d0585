import { useTranslation } from 'react-i18next'

import { useImages, useImagesActions } from './images-context'
import { Legend } from './Legend'
import { RecommendationList } from './RecommendationList'
import { failureText } from '../../components/error-text'

/** recommend:get for this machine: the pick, the alternatives, or why nothing runs. */
export function LocalRecommendation() {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const local = useImages((s) => s.local)
  return (
    <section className="card" data-testid="rec-local" aria-busy={local.loading}>
      <div className="section-head">
        <h2>{t('img.title')}</h2>
        <button type="button" className="button button--small" disabled={local.loading} onClick={() => void actions.loadRecommendation()} data-testid="rec-refresh">
          {t('img.refresh')}
        </button>
        <button
          type="button"
          className="button button--small button--link"
          onClick={() => {
            document.getElementById('other-machine')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
            document.getElementById('smi-paste')?.focus({ preventScroll: true })
          }}
          data-testid="goto-other"
        >
          {t('img.other.goto')}
        </button>
      </div>
      <p className="muted section-intro">{t('img.intro')}</p>
      {local.error && (
        <p className="banner banner--error" data-testid="rec-error">
          {failureText(t, 'img.error', local.error)}
        </p>
      )}
      {!local.value && local.loading && (
        <p className="muted" data-testid="rec-loading">
          <span className="spinner" aria-hidden="true" /> {t('img.loading')}
        </p>
      )}
      {local.value && <RecommendationList result={local.value} canPull testId="rec-result" />}
      <Legend />
    </section>
  )
}
