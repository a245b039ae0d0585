import { existsSync } from 'node:fs'

import type { Diagnosis } from '../../shared/diagnosis'
import { HistoryIdSchema, type UnreadableEntry } from '../../shared/history'
import { HistoryEntryNotFoundError, HistoryEntryUnreadableError } from '../domain/report/history/entry-damage'
import type { HistoryStore } from '../domain/report/history/history-store'
import { diagnosisOf } from '../domain/report/load-input'
import { readReportFile } from './read-report-file'

export type LoadedDiagnosis =
  | { ok: true; id: string | null; diagnosis: Diagnosis }
  | { ok: false; problem: 'not-found' }
  | { ok: false; problem: 'unreadable-entry'; entry: UnreadableEntry }
  | { ok: false; problem: 'unparseable'; detail: string }

/**
 * One side of `report --compare`: a history id (when no file has that name), else a saved report or
 * diagnosis file. A file that cannot be read at all is an InputError.
 */
export async function loadDiagnosis(arg: string, history: HistoryStore): Promise<LoadedDiagnosis> {
  if (!existsSync(arg) && HistoryIdSchema.safeParse(arg).success) {
    try {
      return { ok: true, id: arg, diagnosis: await history.load(arg) }
    } catch (error) {
      if (error instanceof HistoryEntryUnreadableError) return { ok: false, problem: 'unreadable-entry', entry: error.entry }
      if (error instanceof HistoryEntryNotFoundError) return { ok: false, problem: 'not-found' }
      return { ok: false, problem: 'unparseable', detail: error instanceof Error ? error.message : String(error) }
    }
  }
  const read = await readReportFile(arg)
  if (!read.ok) return read
  const diagnosis = diagnosisOf(read.input)
  return diagnosis ? { ok: true, id: null, diagnosis } : { ok: false, problem: 'unparseable', detail: 'the report has no diagnosis' }
}
