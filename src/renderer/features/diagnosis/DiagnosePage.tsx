import './diagnosis.css'

import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { STEP_IDS } from '../../../shared/constants'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { InterpreterPicker } from './InterpreterPicker'
import { RunControls } from './RunControls'
import { RunNotice } from './RunNotice'
import { StepCard } from './StepCard'
import { StepProgress } from './StepProgress'

function LastRun() {
  const { t, i18n } = useTranslation()
  const finishedAt = useDiagnosis((s) => s.finishedAt)
  const python = useDiagnosis((s) => s.environment?.python ?? null)
  if (!finishedAt) return null
  const time = new Date(finishedAt).toLocaleString(i18n.language)
  return (
    <p className="muted last-run" data-testid="last-run">
      {t('diag.lastRun', { time, python: python ?? '?' })}
    </p>
  )
}

/** The guided diagnosis: pick a Python, run the five steps (or one), read each verdict and its fix. */
export function DiagnosePage() {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  useEffect(() => {
    void actions.loadInterpreters()
  }, [actions])
  return (
    <>
      <section className="card diag-setup" data-testid="diagnose">
        <h2>{t('diag.title')}</h2>
        <p className="diag-setup__intro">{t('diag.intro')}</p>
        <InterpreterPicker />
        <RunControls />
      </section>
      <RunNotice />
      <StepProgress />
      <LastRun />
      <div className="steps">
        {STEP_IDS.map((id) => (
          <StepCard key={id} id={id} />
        ))}
      </div>
    </>
  )
}
