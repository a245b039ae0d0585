import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { useDiagnosis, useDiagnosisActions } from '../features/diagnosis/diagnosis-context'
import { useImages, useImagesActions } from '../features/images/images-context'
import { useGpu, useLiveActions } from '../features/live/live-context'
import { type FirstRunCheck, firstRunChecks } from './first-run'

const MARK: Record<FirstRunCheck['state'], string> = { checking: '…', ok: '✓', warn: '!', missing: '✗', absent: '–', unknown: '?' }

function CheckItem({ check }: { check: FirstRunCheck }) {
  const { t } = useTranslation()
  return (
    <li className={`first-run__item first-run__item--${check.state}`} data-testid={`first-run-${check.id}`} data-state={check.state}>
      <span className="first-run__mark" aria-hidden="true">
        {MARK[check.state]}
      </span>
      <div>
        <strong>{t(`firstRun.${check.id}.label`)}</strong> {check.optional && <span className="muted">{t('firstRun.optional')} </span>}
        {t(check.found.key, check.found.params)}
        {check.todo && <p className="first-run__todo">{t(check.todo)}</p>}
      </div>
    </li>
  )
}

/** The three checks, asked once when the live page opens; "Check again" asks again. */
export function useFirstRunChecks(): { checks: FirstRunCheck[]; checkAgain: () => void } {
  const gpuState = useGpu((s) => s.gpuState)
  const gpuLoadError = useGpu((s) => s.loadError)
  const engine = useImages((s) => s.engine)
  const engineError = useImages((s) => s.engineError)
  const interpreters = useDiagnosis((s) => s.interpreters)
  const interpretersError = useDiagnosis((s) => s.interpretersError)
  const { refresh } = useLiveActions()
  const { checkEngine } = useImagesActions()
  const { loadInterpreters } = useDiagnosisActions()

  useEffect(() => {
    void checkEngine()
    void loadInterpreters()
  }, [checkEngine, loadInterpreters])

  const checkAgain = () => {
    void refresh()
    void checkEngine()
    void loadInterpreters(true)
  }
  return { checks: firstRunChecks({ gpuState, gpuLoadError, engine, engineError, interpreters, interpretersError }), checkAgain }
}

/** `primary`: checking again is the page's main action (nothing can run until something changes). */
function CheckList({ checks, checkAgain, primary = false }: { checks: FirstRunCheck[]; checkAgain: () => void; primary?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <ul className="first-run__list">
        {checks.map((check) => (
          <CheckItem key={check.id} check={check} />
        ))}
      </ul>
      <button type="button" className={primary ? 'button button--primary' : 'button'} onClick={checkAgain} data-testid="first-run-again">
        {t('problem.retry')}
      </button>
    </>
  )
}

/**
 * What the app found on this computer, as one line that opens on request: shown when nothing
 * required is missing. `inline` puts it inside another card (the call to run the diagnosis), so
 * it costs no height of its own there.
 */
export function FirstRunSummary({
  checks,
  checkAgain,
  inline = false,
  offline = false,
}: {
  checks: FirstRunCheck[]
  checkAgain: () => void
  inline?: boolean
  /** The server does not answer: the line says so instead of "Ready to diagnose". */
  offline?: boolean
}) {
  const { t } = useTranslation()
  return (
    <details className={`first-run first-run--folded${inline ? ' first-run--inline' : ' card'}`} data-testid="first-run" data-folded="true">
      <summary className="first-run__summary" data-testid="first-run-summary">
        <span data-testid="first-run-summary-text">{t(offline ? 'firstRun.summaryOffline' : 'firstRun.summary')}</span>
        {checks.map((check) => (
          <span key={check.id} className={`first-run__chip first-run__item--${check.state}`}>
            <span className="first-run__mark" aria-hidden="true">
              {MARK[check.state]}
            </span>{' '}
            {t(`firstRun.${check.id}.label`).replace(/[:：]$/, '')}
            {check.optional ? ` ${t('firstRun.optional')}` : ''}
          </span>
        ))}
        <span className="first-run__open">{t('firstRun.details')}</span>
      </summary>
      <CheckList checks={checks} checkAgain={checkAgain} />
    </details>
  )
}

/** The first screen while the NVIDIA driver or a Python is missing: what was found, and what to do about each. */
export function FirstRunPanel({ checks, checkAgain }: { checks: FirstRunCheck[]; checkAgain: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="card first-run" data-testid="first-run" data-folded="false" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t('firstRun.title')}</h2>
      <p className="first-run__needed" data-testid="first-run-needed">
        {t('firstRun.needed')}
      </p>
      <CheckList checks={checks} checkAgain={checkAgain} primary />
    </section>
  )
}
