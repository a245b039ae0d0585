import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { STEP_IDS } from '../../../shared/constants'
import { useReport } from './report-context'
import { DASH } from '../../components/number-format'
import { StepCardView } from '../../components/StepCardView'
import { formatDateTime } from '../../components/date-format'
import { RunTarget } from './HistoryPanel'
import { historyErrorText } from './history-text'

/**
 * A saved diagnosis, read back as after a live run: the Diagnose page's step cards (read-only,
 * open), each with its evidence, charts and findings with their fixes.
 */
export function OpenedDiagnosis() {
  const { t, i18n } = useTranslation()
  const opened = useReport((s) => s.opened)
  const close = useReport((s) => s.closeOpened)
  const entry = useReport((s) => s.history.value?.find((e) => e.id === s.opened.id))
  const title = useRef<HTMLHeadingElement>(null)
  const arrived = opened.value !== null
  // "Open" lands below the history: the reader (and the keyboard) go to what opened.
  useEffect(() => {
    if (!opened.id || !arrived || !title.current) return
    title.current.scrollIntoView({ block: 'start' })
    title.current.focus({ preventScroll: true })
  }, [opened.id, arrived])
  if (!opened.id) return null
  const d = opened.value
  const env = d?.environment
  const gpus = entry?.gpuModels.join(', ') || [...new Set((env?.gpus ?? []).map((g) => g.name))].join(', ')
  return (
    <div className="opened" data-testid="history-opened" data-id={opened.id}>
      <div className="section-head">
        <h3 ref={title} tabIndex={-1} data-testid="history-opened-title">
          {d ? t('rep.history.openedTitle', { time: formatDateTime(d.finishedAt, i18n.language, true) }) : opened.id}
        </h3>
        <button type="button" className="button button--small" onClick={close} data-testid="history-close">
          {t('rep.history.close')}
        </button>
      </div>
      {opened.loading && !d && <span className="spinner" aria-hidden="true" />}
      {opened.error && (
        <p className="banner banner--error" data-testid="history-opened-error">
          {historyErrorText(opened.error, t)}
        </p>
      )}
      {d && (
        <>
          <p className="opened__facts muted" data-testid="opened-facts">
            <RunTarget entry={entry ?? { python: env?.python ?? null, image: null }} /> · {gpus || DASH}
            {env?.torch && <> · {t('rep.history.torch', { version: env.torch })}</>}
          </p>
          <ol className="steps opened__steps">
            {STEP_IDS.map((id) => {
              const step = d.steps.find((s) => s.id === id)
              return step ? (
                <li key={id}>
                  <StepCardView id={id} result={step} display={step.status} openByDefault idPrefix="opened-step" />
                </li>
              ) : null
            })}
          </ol>
        </>
      )}
    </div>
  )
}
