import { useTranslation } from 'react-i18next'

import type { RecommendResult } from '../../../shared/recommend'
import { useImages, useImagesActions } from './images-context'

/** The button that asks the registries whether each recommended tag exists, and their answers. */
export function RegistryCheck({ result, testId }: { result: RecommendResult; testId: string }) {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const checks = useImages((s) => s.tagChecks)
  const images = [...new Set(result.recommendations.map((r) => r.image))]
  if (images.length === 0) return null
  const running = images.some((i) => checks.running.includes(i))
  const answered = images.map((i) => checks.results[i]).filter((c) => c !== undefined)
  return (
    <div className="rec-check" data-testid={`${testId}-check`}>
      <button type="button" className="button button--small" disabled={running} onClick={() => void actions.checkTags(result)} data-testid={`${testId}-check-button`}>
        {running ? t('img.check.running') : t('img.check.button')}
      </button>
      {checks.error && !running && (
        <p className="banner banner--error" role="alert">
          {t('img.check.error', { message: checks.error.message })}
        </p>
      )}
      {answered.length > 0 && (
        <ul aria-label={t('img.check.title')} data-testid={`${testId}-check-results`}>
          {answered.map((c) => {
            const vars = { image: c.image, platforms: c.platforms.join(', ') || '—', platform: c.platform, detail: c.detail ?? '' }
            const code = c.status === 'found' ? (c.runsHere ? 'check.found' : 'check.otherPlatform') : c.status === 'missing' ? 'check.missing' : 'check.notChecked'
            return (
              <li key={c.image} data-status={c.status} data-runs-here={String(c.runsHere)} data-testid="tag-check">
                {t(code, { ns: 'reasons', ...vars })}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
