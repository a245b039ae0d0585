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
  const done = run !== null && (run.result !== null || run.error !== null)
  useEffect(() => {
    if (done) closeButton.current?.focus()
  }, [done])
  if (!run) return null
  const elapsed = run.progress?.elapsedSeconds ?? 0
  const sm = run.progress?.smNow
  return (
    <div className="watch-dialog" role="dialog" aria-modal="true" aria-labelledby="watch-dialog-title" data-testid="watch-dialog" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="watch-dialog__box card">
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
            <button type="button" className="button" onClick={() => void cancel()} data-testid="watch-cancel">
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
