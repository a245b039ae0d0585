import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { watchEvidenceRows } from '../../../shared/watch-evidence'
import type { WatchResult } from '../../../shared/watch'
import type { IpcError } from '../../../shared/contract'
import { FindingList } from '../../components/FindingList'
import { DASH } from '../../components/number-format'
import { useWatch, useWatchActions } from './watch-context'

function Verdict({ result }: { result: WatchResult }) {
  const { t } = useTranslation()
  const w = (key: string, params: Record<string, unknown> = {}) => t(key, { ns: 'watch', ...params })
  return (
    <>
      <p className={`watch-dialog__verdict watch-dialog__verdict--${result.verdict === 'healthy' ? 'ok' : 'warn'}`} data-testid="watch-verdict" data-verdict={result.verdict}>
        {w(result.headline.key, result.headline.params)}
      </p>
      <h3>{t('watch.evidence')}</h3>
      <table className="kv" data-testid="watch-evidence">
        <tbody>
          {watchEvidenceRows(result).map((row) => (
            <tr key={row.label}>
              <th scope="row">{w(row.label)}</th>
              <td>{typeof row.value === 'string' ? row.value : w(row.value.key, row.value.params)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.findings.length > 0 && <FindingList findings={result.findings} />}
      <p className="muted">{w('note.sm')}</p>
    </>
  )
}

function Failure({ error }: { error: IpcError }) {
  const { t } = useTranslation()
  if (error.code === 'cancelled') return <p data-testid="watch-error">{t('watch.cancelled')}</p>
  const said = error.code === 'watch-failed' && error.details?.messageKey ? t(error.details.messageKey, { ns: 'watch', ...error.details }) : error.message
  return (
    <p className="watch-dialog__error" data-testid="watch-error">
      {t('watch.failed', { message: said })}
    </p>
  )
}

/** The watch of one process: progress with Cancel while it runs, then the verdict, evidence and fixes. */
export function WatchDialog() {
  const { t } = useTranslation()
  const { cancel, close } = useWatchActions()
  const run = useWatch((s) => s.run)
  const closeButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const open = run !== null
  const done = run !== null && (run.result !== null || run.error !== null)
  // Focus goes into the dialog (Cancel while it runs), and back to what opened it when it closes.
  const pid = run?.row.pid ?? null
  useEffect(() => {
    if (pid === null) return
    ;(cancelButton.current ?? closeButton.current)?.focus()
    // The row's Watch button (disabled while the watch runs, so it has lost the focus by now).
    return () => document.querySelector<HTMLElement>(`[data-watch-opener="${pid}"]`)?.focus()
  }, [pid])
  useEffect(() => {
    if (done) closeButton.current?.focus()
  }, [done])
  // Escape closes from anywhere; Tab stays inside the dialog (it is modal).
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        close()
        return
      }
      if (e.key !== 'Tab' || !box.current) return
      const focusable = [...box.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (!first || !last) return
      if (!box.current.contains(document.activeElement)) {
        e.preventDefault()
        first.focus()
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, close])
  if (!run) return null
  const elapsed = run.progress?.elapsedSeconds ?? 0
  const sm = run.progress?.smNow
  return (
    <div className="watch-dialog" role="dialog" aria-modal="true" aria-labelledby="watch-dialog-title" data-testid="watch-dialog">
      <div className="watch-dialog__box card" ref={box}>
        <h2 id="watch-dialog-title">{t('watch.dialogTitle', { pid: run.row.pid })}</h2>
        <p className="watch-dialog__command" translate="no">
          <code>{run.row.command}</code>
          {run.row.container ? ` · ${run.row.container}` : ''}
        </p>
        {!done && (
          <div className="watch-dialog__progress" data-testid="watch-progress">
            <progress max={run.seconds} value={elapsed} aria-label={t('watch.running', { elapsed, seconds: run.seconds })} />
            <span>{t('watch.running', { elapsed, seconds: run.seconds })}</span>
            <span>{t('watch.smNow', { sm: sm === null || sm === undefined ? DASH : `${Math.round(sm)} %` })}</span>
            <button type="button" ref={cancelButton} className="button" onClick={() => void cancel()} data-testid="watch-cancel">
              {t('watch.cancel')}
            </button>
          </div>
        )}
        {run.result && <Verdict result={run.result} />}
        {run.error && <Failure error={run.error} />}
        <div className="watch-dialog__actions">
          <button type="button" ref={closeButton} className="button" onClick={close} data-testid="watch-close">
            {t('watch.close')}
          </button>
        </div>
      </div>
    </div>
  )
}
