import type { Diagnosis, DiagnosisProgress } from '../../shared/diagnosis'
import type { UnreadableEntry } from '../../shared/history'
import type { Report } from '../../shared/report'
import type { HistoryStore } from '../domain/report/history/history-store'
import { NoPythonError } from '../platform/errors'
import { collectReport } from './collect-report'
import type { DiagnoseAndSaveResult } from './diagnose-and-save'
import { readReportFile } from './read-report-file'
import { resolvePython } from './resolve-python'

/** Where the report's diagnosis comes from. */
export type ReportDiagnosis =
  /** A saved report (taken as it is) or diagnosis file. */
  | { from: 'file'; file: string }
  /** The newest readable entry of the history. */
  | { from: 'latest' }
  /** A diagnosis run now with the named Python, else the default; none when this machine has no Python. */
  | { from: 'run'; python?: string }

export interface AssembleReportOptions {
  diagnosis: ReportDiagnosis
  history: HistoryStore
  /** Whether a diagnosis run here is saved to `history`. */
  save: boolean
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** The history was read for the latest entry: those passed over as unreadable, and the one used (null: none). */
  onHistoryRead?: (read: { skipped: UnreadableEntry[]; usedId: string | null }) => void
  /** The Python a run uses, or null when there is none and the report goes without a diagnosis. */
  onPython?: (python: string | null) => void
  onProgress?: (progress: DiagnosisProgress) => void
  onSaved?: (result: Omit<DiagnoseAndSaveResult, 'diagnosis'>) => void
}

export type AssembledReport =
  | { ok: true; report: Report }
  | { ok: false; problem: 'unparseable'; detail: string }
  | { ok: false; problem: 'no-history'; skipped: number }

/**
 * The report `gpu-doctor report` writes: a saved report as it is, else this machine's facts read
 * now around a diagnosis from a file, the history or a run (whose Python is checked first).
 */
export async function assembleReport(options: AssembleReportOptions): Promise<AssembledReport> {
  const choice = options.diagnosis
  let diagnosis: Diagnosis | null = null
  let source: Report['diagnosisSource'] = null
  if (choice.from === 'file') {
    const read = await readReportFile(choice.file)
    if (!read.ok) return read
    if (read.input.kind === 'report') return { ok: true, report: read.input.report }
    diagnosis = read.input.diagnosis
    source = 'file'
  } else if (choice.from === 'latest') {
    const { found, skipped } = await options.history.latest()
    options.onHistoryRead?.({ skipped, usedId: found?.id ?? null })
    if (!found) return { ok: false, problem: 'no-history', skipped: skipped.length }
    diagnosis = found.diagnosis
    source = 'history'
  }
  const python = diagnosis ? null : await runPython(choice.from === 'run' ? choice.python : undefined, options.env)
  if (!diagnosis) options.onPython?.(python)
  const report = await collectReport({
    diagnosis,
    diagnosisSource: source,
    python,
    nvidiaSmiPath: options.nvidiaSmiPath,
    env: options.env,
    signal: options.signal,
    onProgress: options.onProgress,
    history: options.save ? options.history : null,
    onSaved: options.onSaved,
  })
  return { ok: true, report }
}

/** A report is still worth having on a machine with no Python: it goes without a diagnosis then. */
async function runPython(explicit: string | undefined, env: NodeJS.ProcessEnv | undefined): Promise<string | null> {
  try {
    return await resolvePython({ explicit, env })
  } catch (error) {
    if (error instanceof NoPythonError) return null
    throw error
  }
}
