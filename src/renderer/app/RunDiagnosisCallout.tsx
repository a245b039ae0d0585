import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { useDiagnosisActions } from '../features/diagnosis/diagnosis-context'
import { STEP_IDS } from '../../shared/constants'
import { typicalRunMs } from '../features/diagnosis/run-progress'
import { goTo } from './page'

/** On the live page until a diagnosis has run: the way from "numbers" to "is it right"; `status` is the first-run line. */
export function RunDiagnosisCallout({ status }: { status?: ReactNode }) {
  const { t } = useTranslation()
  const { loadInterpreters, run } = useDiagnosisActions()
  // It does what it says: the run starts with the chosen (else the default) Python, on the Diagnose page.
  const start = () => {
    goTo('diagnose')
    void loadInterpreters().then(() => run())
  }
  return (
    <section className="card callout" data-testid="run-diagnosis-callout" aria-label={t('callout.diagnoseButton')}>
      <p className="callout__text">{t('callout.diagnose', { seconds: Math.round(typicalRunMs(STEP_IDS) / 1000) })}</p>
      {status}
      <button type="button" className="button button--primary" onClick={start} data-testid="run-diagnosis-cta">
        {t('callout.diagnoseButton')}
      </button>
    </section>
  )
}
