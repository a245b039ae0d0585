import { useTranslation } from 'react-i18next'

import { useDiagnosis } from '../features/diagnosis/diagnosis-context'
import { goTo } from './page'

/** On the live page until a diagnosis has run: the way from "numbers" to "is it right". */
export function RunDiagnosisCallout() {
  const { t } = useTranslation()
  const hasResults = useDiagnosis((s) => s.finishedAt !== null || s.run !== null)
  if (hasResults) return null
  return (
    <section className="card callout" data-testid="run-diagnosis-callout">
      <p className="callout__text">{t('callout.diagnose')}</p>
      <button type="button" className="button button--primary" onClick={() => goTo('diagnose')} data-testid="run-diagnosis-cta">
        {t('callout.diagnoseButton')}
      </button>
    </section>
  )
}
