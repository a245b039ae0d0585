import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

import { clock, useNow } from '../../components/elapsed'
import { formatAge } from '../../components/size-and-age-format'
import { useDiagnosis, useDiagnosisActions } from './diagnosis-context'
import { chosenPython, OTHER, type RunState } from './diagnosis-store'
import { runProgress } from './run-progress'
import { STEP_IDS } from '../../../shared/constants'

export const RUN_BLOCKED_ID = 'run-blocked-reason'

/** Why Run is disabled, in words, or null when it is not. */
export function useRunBlocked(): string | null {
  const { t } = useTranslation()
  const running = useDiagnosis((s) => s.run !== null)
  const loading = useDiagnosis((s) => s.interpreters === null && s.interpretersError === null)
  const choice = useDiagnosis((s) => (chosenPython(s) !== null ? 'ok' : s.selected === OTHER ? 'type-path' : 'none'))
  if (running) return t('diag.blocked.running')
  if (choice === 'ok') return null
  if (choice === 'type-path') return t('diag.blocked.typePath')
  return loading ? t('diag.blocked.loading') : t('diag.blocked.pick')
}

/** "2 minutes ago" from an ISO time; "just now" words when the time is unknown. */
function agoText(since: string | null | undefined, now: number, lang: string, t: TFunction): string {
  return since && !Number.isNaN(Date.parse(since)) ? formatAge(since, now, lang) : t('diag.agoUnknown')
}

/** What this window waits for, in words: another window's run or another program's, and since when. */
function waitingText(run: RunState, now: number, lang: string, t: TFunction): string | null {
  const h = run.holder
  if (!h) return null
  const ago = agoText(h.since, now, lang, t)
  return h.sameProcess ? t('diag.waiting.window', { ago }) : t('diag.waiting.program', { ago, pid: h.pid, host: h.host })
}

/** A run another window started, under way now: this window does not look idle while the GPUs are loaded. */
function OtherRunNote() {
  const { t, i18n } = useTranslation()
  const other = useDiagnosis((s) => (s.run ? null : s.otherRun))
  const now = useNow(other !== null)
  if (!other) return null
  const ago = agoText(other.startedAt, now, i18n.language, t)
  return (
    <p className="run-controls__other" data-testid="other-run" role="status">
      {other.step
        ? t('diag.otherRun.step', { ago, index: STEP_IDS.indexOf(other.step) + 1, title: t(`step.${other.step}.title`, { ns: 'steps' }) })
        : t('diag.otherRun', { ago })}
    </p>
  )
}

/** Step k of n, its name and stage, the elapsed time and the expected total, ticking each second. */
function RunStatus() {
  const { t, i18n } = useTranslation()
  const run = useDiagnosis((s) => s.run)
  const results = useDiagnosis((s) => s.results)
  const now = useNow()
  if (!run) return null
  const p = runProgress(run, results, now)
  return (
    <p className="run-controls__status" data-testid="run-status" role="status" aria-live="polite" aria-atomic="false">
      <span className="spinner" aria-hidden="true" />
      <span data-testid="run-step" data-step={p.current?.id ?? ''}>
        {run.phase === 'starting' || !p.current
          ? t('diag.starting')
          : t('diag.runningStep', { index: p.current.index, total: p.total, title: t(`step.${p.current.id}.title`, { ns: 'steps' }) })}
      </span>
      {run.stage && run.phase !== 'starting' && (
        <span className="run-controls__stage" data-testid="run-stage" data-stage={run.stage}>
          {waitingText(run, now, i18n.language, t) ?? t(`diag.stage.${run.stage}`, { defaultValue: run.message || run.stage, detail: run.message })}
        </span>
      )}
      <span className="run-controls__time" data-testid="run-time">
        {t(p.estimateFrom === 'last-run' ? 'diag.elapsedLastRun' : 'diag.elapsedTypical', { elapsed: clock(p.elapsedMs), estimate: clock(p.estimateMs) })}
      </span>
      <span className="muted run-controls__python">{t('diag.runningWith', { python: run.python })}</span>
    </p>
  )
}

/** "Run all six" (with why it is disabled, when it is), Cancel while a run is under way, and its progress. */
export function RunControls() {
  const { t } = useTranslation()
  const actions = useDiagnosisActions()
  const phase = useDiagnosis((s) => s.run?.phase ?? null)
  const disableCudnn = useDiagnosis((s) => s.disableCudnn)
  const setDisableCudnn = useDiagnosis((s) => s.setDisableCudnn)
  const blocked = useRunBlocked()
  const running = phase !== null
  return (
    <div className="run-controls" data-testid="run-controls" data-phase={phase ?? 'idle'}>
      <div className="run-controls__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={blocked !== null}
          aria-describedby={blocked && !running ? RUN_BLOCKED_ID : undefined}
          onClick={() => void actions.run()}
          data-testid="run-all"
        >
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
      {blocked && !running && (
        <p className="run-controls__blocked" id={RUN_BLOCKED_ID} data-testid="run-blocked" role="status">
          {blocked}
        </p>
      )}
      {running && <RunStatus />}
      <OtherRunNote />
    </div>
  )
}
