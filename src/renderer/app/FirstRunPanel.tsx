import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { useDiagnosis, useDiagnosisActions } from '../features/diagnosis/diagnosis-context'
import { useImages, useImagesActions } from '../features/images/images-context'
import { useGpu, useLiveActions } from '../features/live/live-context'
import { type FirstRunCheck, firstRunChecks, firstRunNeeded } from './first-run'

const MARK: Record<FirstRunCheck['state'], string> = { checking: '…', ok: '✓', warn: '!', missing: '✗' }

/**
 * The first screen when the app finds no NVIDIA driver, no Docker or no Python: what was found,
 * and what to do about each. It steps aside once nothing is missing.
 */
export function FirstRunPanel() {
  const { t } = useTranslation()
  const gpuState = useGpu((s) => s.gpuState)
  const engine = useImages((s) => s.engine)
  const interpreters = useDiagnosis((s) => s.interpreters)
  const interpretersError = useDiagnosis((s) => s.interpretersError)
  const { refresh } = useLiveActions()
  const { checkEngine } = useImagesActions()
  const { loadInterpreters } = useDiagnosisActions()

  useEffect(() => {
    void checkEngine()
    void loadInterpreters()
  }, [checkEngine, loadInterpreters])

  const checks = firstRunChecks({ gpuState, engine, interpreters, interpretersError })
  if (!firstRunNeeded(checks)) return null
  const checkAgain = () => {
    void refresh()
    void checkEngine()
    void loadInterpreters(true)
  }
  return (
    <section className="card first-run" data-testid="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t('firstRun.title')}</h2>
      <ul className="first-run__list">
        {checks.map((check) => (
          <li key={check.id} className={`first-run__item first-run__item--${check.state}`} data-testid={`first-run-${check.id}`} data-state={check.state}>
            <span className="first-run__mark" aria-hidden="true">
              {MARK[check.state]}
            </span>
            <div>
              <strong>{t(`firstRun.${check.id}.label`)}</strong> {t(check.found.key, check.found.params)}
              {check.todo && <p className="first-run__todo">{t(check.todo)}</p>}
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={checkAgain} data-testid="first-run-again">
        {t('problem.retry')}
      </button>
    </section>
  )
}
