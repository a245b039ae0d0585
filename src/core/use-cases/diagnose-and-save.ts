import type { Diagnosis } from '../../shared/diagnosis'
import type { HistoryEntry, SaveFailure } from '../../shared/history'
import { runDiagnosis, type DiagnoseOptions } from '../diagnosis/run-diagnosis'
import { saveFailureOf } from '../report/history/bounded-write'
import type { HistoryStore } from '../report/history/history-store'
import { CancelledError } from './errors'

export interface DiagnoseAndSaveResult {
  diagnosis: Diagnosis
  /** The history entry, or null when saving was off or failed (`saveError` says why). */
  saved: HistoryEntry | null
  saveError: SaveFailure | null
  /** Older entries the history deleted to stay within its limit (`keeps`). */
  pruned: number
  keeps: number
}

/**
 * A diagnosis as every front end runs it: the five steps, then the history, unless `history` is
 * null. A cancelled run describes the cancel, not the machine: it throws CancelledError and is
 * neither returned nor saved. A failure to save never fails the run; the save is bounded in time
 * and stops with the run's signal.
 */
export async function diagnoseAndSave(options: DiagnoseOptions & { history: HistoryStore | null; saveTimeoutMs?: number }): Promise<DiagnoseAndSaveResult> {
  const { history, saveTimeoutMs, ...diagnose } = options
  const diagnosis = await runDiagnosis(diagnose)
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
