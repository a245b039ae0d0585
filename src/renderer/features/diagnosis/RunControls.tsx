import { useTranslation } from 'react-i18next'

import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { chosenPython } from './diagnosis-store'

/** "Run all five", Cancel while a run is under way, and what the run is doing now. */
export function RunControls() {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  const phase = useDiagnosis((s) => s.run?.phase ?? null)
  const runPython = useDiagnosis((s) => s.run?.python ?? null)
  const stage = useDiagnosis((s) => s.run?.stage ?? '')
  const message = useDiagnosis((s) => s.run?.message ?? '')
  const canRun = useDiagnosis((s) => chosenPython(s) !== null)
  const disableCudnn = useDiagnosis((s) => s.disableCudnn)
  const setDisableCudnn = useDiagnosis((s) => s.setDisableCudnn)
  const running = phase !== null
  return (
    <div className="run-controls" data-testid="run-controls" data-phase={phase ?? 'idle'}>
      <div className="run-controls__buttons">
        <button type="button" className="button button--primary" disabled={running || !canRun} onClick={() => void actions.run()} data-testid="run-all">
          {t('diag.runAll')}
        </button>
        {running && (
          <button type="button" className="button button--danger" disabled={phase === 'cancelling'} onClick={() => void actions.cancel()} data-testid="run-cancel">
            {phase === 'cancelling' ? t('diag.cancelling') : t('diag.cancel')}
          </button>
        )}
        <label className="check">
          <input type="checkbox" checked={disableCudnn} disabled={running} onChange={(e) => setDisableCudnn(e.target.checked)} data-testid="disable-cudnn" />
          {t('diag.disableCudnn')}
        </label>
      </div>
      {running && (
        <p className="run-controls__status" data-testid="run-status" role="status">
          <span className="spinner" aria-hidden="true" />
          {phase === 'starting' ? t('diag.starting') : t('diag.runningWith', { python: runPython })}
          {stage && phase !== 'starting' && (
            <span className="run-controls__stage" data-testid="run-stage" data-stage={stage}>
              {t(`diag.stage.${stage}`, { defaultValue: message || stage })}
            </span>
          )}
        </p>
      )}
    </div>
  )
}
