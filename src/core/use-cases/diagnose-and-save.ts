import type { Diagnosis } from '../../shared/diagnosis'
import type { HistoryEntry } from '../../shared/history'
import { runDiagnosis, type DiagnoseOptions } from '../diagnosis/run-diagnosis'
import type { HistoryStore } from '../report/history/history-store'
import { CancelledError } from './errors'

export interface DiagnoseAndSaveResult {
  diagnosis: Diagnosis
  /** The history entry, or null when saving was off or failed (`saveError` says why). */
  saved: HistoryEntry | null
  saveError: string | null
}

/**
 * A diagnosis as every front end runs it: the five steps, then the history, unless `history` is
 * null. A cancelled run describes the cancel, not the machine: it throws CancelledError and is
 * neither returned nor saved. A failure to save never fails the run.
 */
export async function diagnoseAndSave(options: DiagnoseOptions & { history: HistoryStore | null }): Promise<DiagnoseAndSaveResult> {
  const { history, ...diagnose } = options
  const diagnosis = await runDiagnosis(diagnose)
  if (options.signal?.aborted) throw new CancelledError()
  if (!history) return { diagnosis, saved: null, saveError: null }
  try {
    return { diagnosis, saved: await history.save(diagnosis), saveError: null }
  } catch (error) {
    return { diagnosis, saved: null, saveError: error instanceof Error ? error.message : String(error) }
  }
}
