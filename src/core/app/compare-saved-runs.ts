import { basename } from 'node:path'

import type { Comparison } from '../../shared/history'
import { compareDiagnoses } from '../domain/report/history/compare-diagnoses'
import type { HistoryStore } from '../domain/report/history/history-store'
import { loadDiagnosis, type LoadedDiagnosis } from './load-diagnosis'

export type SavedRunsComparison = { ok: true; comparison: Comparison } | (Exclude<LoadedDiagnosis, { ok: true }> & { arg: string })

/**
 * `report --compare A B`: two saved runs (history ids or report files), A loaded and checked first,
 * side by side; each labelled by its id, else its file's name. Says which side could not be loaded.
 */
export async function compareSavedRuns(argA: string, argB: string, history: HistoryStore): Promise<SavedRunsComparison> {
  const sides = []
  for (const arg of [argA, argB]) {
    const loaded = await loadDiagnosis(arg, history)
    if (!loaded.ok) return { ...loaded, arg }
    sides.push({ ...loaded, label: loaded.id ?? basename(arg) })
  }
  return { ok: true, comparison: compareDiagnoses(sides[0]!, sides[1]!) }
}
