import './diagnosis.css'

import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { STEP_IDS } from '../../../shared/constants'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { DiagnosisHeadline } from './DiagnosisHeadline'
import { HealthCard } from './HealthCard'
import { InterpreterPicker } from './InterpreterPicker'
import { RunControls } from './RunControls'
import { RunNotice } from './RunNotice'
import { SaveNotice } from './SaveNotice'
import { StepCard } from './StepCard'

function LastRun() {
  const { t, i18n } = useTranslation()
  const finishedAt = useDiagnosis((s) => s.finishedAt)
  const python = useDiagnosis((s) => s.resultsPython ?? s.environment?.python ?? null)
  if (!finishedAt) return null
  const time = new Date(finishedAt).toLocaleString(i18n.language)
  return (
    <p className="muted last-run" data-testid="last-run">
      {t('diag.lastRun', { time, python: python ?? '?' })}
    </p>
  )
}

/**
 * The guided diagnosis: pick a Python, run the five steps (or one); after a run the answer comes
 * first (verdict, first problem, its fix), then the hardware preflight, then each step. `exportSlot` is the app's export buttons.
 */
export function DiagnosePage({ exportSlot }: { exportSlot?: ReactNode }) {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  useEffect(() => {
    void actions.loadInterpreters()
    void actions.checkHealth()
  }, [actions])
  return (
    <>
      <DiagnosisHeadline exportSlot={exportSlot} />
      <section className="card diag-setup" data-testid="diagnose">
        <h2>{t('diag.title')}</h2>
        <p className="diag-setup__intro">{t('diag.intro')}</p>
        <InterpreterPicker />
        <RunControls />
      </section>
      <RunNotice />
      <SaveNotice />
      <HealthCard />
      <LastRun />
      <ol className="steps" aria-label={t('diag.steps')}>
        {STEP_IDS.map((id) => (
          <li key={id}>
            <StepCard id={id} />
          </li>
        ))}
      </ol>
    </>
  )
}
