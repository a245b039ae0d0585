import { hostname } from 'node:os'

import type { Diagnosis } from '../../shared/diagnosis'
import type { HistoryEntry, SaveFailure } from '../../shared/history'
import { makeConsistent, type Violation } from '../domain/diagnosis/consistency'
import { runDiagnosis, type DiagnoseOptions } from '../domain/diagnosis/run-diagnosis'
import { acquireRunLock, type LockHolder } from '../domain/diagnosis/run-lock'
import { defaultDataDir } from '../domain/report/history/data-dir'
import { saveFailureOf } from '../domain/report/history/bounded-write'
import type { HistoryStore } from '../domain/report/history/history-store'
import { CancelledError } from '../platform/errors'

export interface DiagnoseAndSaveResult {
  diagnosis: Diagnosis
  /** The history entry, or null when saving was off or failed (`saveError` says why). */
  saved: HistoryEntry | null
  saveError: SaveFailure | null
  /** Older entries the history deleted to stay within its limit (`keeps`). */
  pruned: number
  keeps: number
}

/** Progress stage while another diagnosis holds the GPU. */
export const WAITING_STAGE = 'waiting-for-other-diagnosis'

/** A diagnosis takes ~15 s on a GPU and its probe at most ~2 minutes: past this, the holder is stuck. */
export const DEFAULT_LOCK_WAIT_MS = 5 * 60_000

export interface LockChoice {
  /** Folder of the lock shared by every front end (default: the CLI's data dir, GPU_DOCTOR_DATA_DIR). */
  lockDir?: string
  /** How long to wait for another diagnosis; 0 refuses at once (DiagnosisBusyError). */
  lockWaitMs?: number
  /** Called once when another diagnosis holds the lock and waiting begins (also sent as a progress event). */
  onLockWait?: (holder: LockHolder) => void
}

export interface ConsistencyChoice {
  /** Told of each contradiction between steps that was corrected before the diagnosis was shown or saved (default: a line on stderr). */
  onInconsistency?: (violations: Violation[]) => void
}

function logViolations(violations: Violation[]): void {
  for (const v of violations) process.stderr.write(`gpu-doctor: consistency check corrected ${v.step} (${v.rule}): ${v.detail}\n`)
}

export type DiagnoseAndSaveOptions = DiagnoseOptions & LockChoice & ConsistencyChoice & { history: HistoryStore | null; saveTimeoutMs?: number }

/**
 * A diagnosis as every front end runs it: one at a time per machine (a lock, waited for), the five
 * steps, checked for contradictions between them (corrected conservatively, and logged), then the
 * history, unless `history` is null. A cancelled run describes the cancel, not the machine: it throws CancelledError and is neither returned nor saved. A failure to save never
 * fails the run; the save is bounded in time and stops with the run's signal.
 */
export async function diagnoseAndSave(options: DiagnoseAndSaveOptions): Promise<DiagnoseAndSaveResult> {
  const { history, saveTimeoutMs, lockDir, lockWaitMs, onLockWait, onInconsistency, ...diagnose } = options
  const lock = await acquireRunLock({
    dir: lockDir ?? defaultDataDir(options.env),
    waitMs: lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
    signal: options.signal,
    onWait: (holder) => {
      onLockWait?.(holder)
      // The message is the holder in words any language keeps; the front end says "waiting" in its own.
      const sameProcess = holder.pid === process.pid && holder.host === hostname()
      options.onProgress?.({ runId: options.runId ?? '', stage: WAITING_STAGE, step: null, message: `PID ${holder.pid} · ${holder.since}`, sample: null, holder: { pid: holder.pid, host: holder.host, since: holder.since, sameProcess } })
    },
  })
  if (!lock) throw new CancelledError()
  let diagnosis: Diagnosis
  try {
    diagnosis = await runDiagnosis(diagnose)
  } finally {
    lock.release()
  }
  // Steps that contradict each other are a bug; the user gets the conservative verdict, the log the bug.
  const consistent = makeConsistent(diagnosis.steps)
  if (consistent.violations.length > 0) {
    ;(onInconsistency ?? logViolations)(consistent.violations)
    diagnosis = { ...diagnosis, steps: consistent.steps }
  }
  if (options.signal?.aborted) throw new CancelledError()
  const unsaved = { diagnosis, saved: null, pruned: 0, keeps: 0 }
  if (!history) return { ...unsaved, saveError: null }
  try {
    const { entry, pruned, keeps } = await history.save(diagnosis, { signal: options.signal, timeoutMs: saveTimeoutMs })
    return { diagnosis, saved: entry, saveError: null, pruned, keeps }
  } catch (error) {
    return { ...unsaved, saveError: saveFailureOf(error, history.dir) }
  }
}
