import './process-table.css'

import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { failureText } from '../../components/error-text'

import { WATCH_DEFAULT_SECONDS } from '../../../shared/constants'
import { LoadBoundary } from '../../components/LoadBoundary'
import { DASH, withUnit } from '../../components/number-format'
import { useWatch, useWatchActions } from './watch-context'

// The dialog (with the findings' texts it shows) loads when a watch starts, not with the live page.
const WatchDialog = lazy(() => import('./WatchDialog').then((m) => ({ default: m.WatchDialog })))

const WATCH_SECONDS_CHOICES = [10, WATCH_DEFAULT_SECONDS, 60] as const

/**
 * The compute processes of one GPU, each with a Watch button that names its bottleneck. In the dense
 * layout (many GPUs on one screen) it takes no room without processes and folds them behind one line.
 */
export function ProcessTable({ gpuIndex, dense = false }: { gpuIndex: number; dense?: boolean }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { loadProcesses, watch } = useWatchActions()
  const processes = useWatch((s) => s.processes)
  const error = useWatch((s) => s.processesError)
  const loading = useWatch((s) => s.loadingProcesses)
  const running = useWatch((s) => s.run !== null && s.run.result === null && s.run.error === null)
  const dialogHere = useWatch((s) => s.run?.row.gpuIndex === gpuIndex)

  useEffect(() => {
    if (processes === null) void loadProcesses()
  }, [processes, loadProcesses])

  const [seconds, setSeconds] = useState<number>(WATCH_DEFAULT_SECONDS)
  const rows = (processes ?? []).filter((p) => p.gpuIndex === gpuIndex)
  if (dense && rows.length === 0 && !dialogHere) return null
  const table = (
    <section className="process-table" data-testid={`processes-${gpuIndex}`} aria-label={t('processes.title')}>
      <div className="process-table__head">
        <h3>{t('processes.title')}</h3>
        {processes !== null && rows.length === 0 && <span className="muted">{t('processes.none')}</span>}
        {/* In the head line, where the answer will be: nothing below moves when it comes. */}
        {processes === null && !error && <span className="muted">{t('processes.loading')}</span>}
        <span className="process-table__spacer" />
        {rows.length > 0 && (
          <label className="process-table__seconds">
            {t('processes.seconds')}{' '}
            <select value={seconds} onChange={(e) => setSeconds(Number(e.target.value))} data-testid={`watch-seconds-${gpuIndex}`}>
              {WATCH_SECONDS_CHOICES.map((s) => (
                <option key={s} value={s}>
                  {t('processes.secondsValue', { count: s })}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="button button--small" onClick={() => void loadProcesses()} disabled={loading} data-testid={`processes-refresh-${gpuIndex}`}>
          {t('processes.refresh')}
        </button>
      </div>
      {error && <p className="muted">{failureText(t, 'processes.error', error)}</p>}
      {rows.length > 0 && (
        <table className="process-table__table">
          <thead>
            <tr>
              <th scope="col">{t('processes.col.pid')}</th>
              <th scope="col">{t('processes.col.user')}</th>
              <th scope="col">{t('processes.col.command')}</th>
              <th scope="col">{t('processes.col.container')}</th>
              <th scope="col" className="num">{t('processes.col.sm')}</th>
              <th scope="col" className="num">{t('processes.col.memory')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.pid} data-testid={`process-${p.pid}`}>
                <td className="num">{p.pid}</td>
                <td translate="no">{p.user ?? DASH}</td>
                <td className="process-table__command" translate="no" title={p.command}>
                  <code>{p.command}</code>
                </td>
                <td translate="no">{p.container ?? DASH}</td>
                <td className="num">{withUnit(p.smPercent, '%', lang)}</td>
                <td className="num">{withUnit(p.usedMemoryMiB, 'MiB', lang)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={running}
                    aria-label={t('processes.watchLabel', { pid: p.pid, seconds })}
                    onClick={() => void watch(p, seconds)}
                    data-testid={`watch-${p.pid}`}
                    data-watch-opener={p.pid}
                  >
                    {t('processes.watch')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialogHere && (
        <LoadBoundary failed={null}>
          <Suspense fallback={null}>
            <WatchDialog />
          </Suspense>
        </LoadBoundary>
      )}
    </section>
  )
  if (!dense) return table
  return (
    <details className="process-table__fold" data-testid={`processes-fold-${gpuIndex}`}>
      <summary>{t('processes.count', { count: rows.length })}</summary>
      {table}
    </details>
  )
}
