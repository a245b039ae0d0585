import { join } from 'node:path'

import { FileReadError, readRegularText } from '../../platform/files/read-regular'

import { HISTORY_LIMIT } from '../report/history/history-store'

/** Settings a user may write into `<data dir>/settings.json`; anything missing takes its default. */
export interface Settings {
  /** Diagnoses the history keeps; older ones are deleted when a new one is saved. */
  historyLimit: number
}

export const DEFAULT_SETTINGS: Settings = { historyLimit: HISTORY_LIMIT }
export const HISTORY_LIMIT_RANGE = { min: 1, max: 100_000 } as const

/** Something wrong with the settings that was replaced by a default: said, never fatal. */
export type SettingsWarning =
  | { kind: 'damaged-file'; file: string; detail: string }
  | { kind: 'bad-value'; source: string; key: string; value: string; used: string }

export interface SettingsRead {
  settings: Settings
  warnings: SettingsWarning[]
}

/** A settings file is a few lines; anything larger is not one. */
export const SETTINGS_MAX_BYTES = 64 * 1024

export const settingsFile = (dataDir: string): string => join(dataDir, 'settings.json')

function limitOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= HISTORY_LIMIT_RANGE.min && n <= HISTORY_LIMIT_RANGE.max ? n : null
}

/**
 * The settings: `settings.json` in the data directory, then GPU_DOCTOR_HISTORY_LIMIT over it. A
 * missing file is the defaults; a damaged file or a bad value is the default plus a warning.
 */
export async function readSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<SettingsRead> {
  const settings: Settings = { ...DEFAULT_SETTINGS }
  const warnings: SettingsWarning[] = []
  const file = settingsFile(dataDir)
  let text: string | null = null
  try {
    // A regular file only (a FIFO would block forever), a few KiB at most, a UTF-8 BOM allowed.
    text = await readRegularText(file, { maxBytes: SETTINGS_MAX_BYTES, timeoutMs: 2_000 })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') warnings.push({ kind: 'damaged-file', file, detail: error instanceof FileReadError ? fileProblem(error) : (code ?? String(error)) })
  }
  if (text !== null) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      warnings.push({ kind: 'damaged-file', file, detail: error instanceof Error ? error.message : String(error) })
    }
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      warnings.push({ kind: 'damaged-file', file, detail: 'not a JSON object' })
    } else if (value !== undefined && 'historyLimit' in value) {
      const limit = limitOf((value as { historyLimit: unknown }).historyLimit)
      if (limit === null) warnings.push({ kind: 'bad-value', source: file, key: 'historyLimit', value: JSON.stringify((value as { historyLimit: unknown }).historyLimit).slice(0, 40), used: String(settings.historyLimit) })
      else settings.historyLimit = limit
    }
  }
  const fromEnv = env.GPU_DOCTOR_HISTORY_LIMIT
  if (fromEnv !== undefined && fromEnv !== '') {
    const limit = limitOf(fromEnv)
    if (limit === null) warnings.push({ kind: 'bad-value', source: 'GPU_DOCTOR_HISTORY_LIMIT', key: 'historyLimit', value: fromEnv.slice(0, 40), used: String(settings.historyLimit) })
    else settings.historyLimit = limit
  }
  return { settings, warnings }
}

/** Why the file was not read, without repeating its path (the warning names it). */
function fileProblem(error: FileReadError): string {
  if (error.code === 'ENOTREG') return `${error.detail}, not a regular file`
  if (error.code === 'EFBIG') return `larger than ${SETTINGS_MAX_BYTES / 1024} KiB`
  if (error.code === 'ETIMEDOUT') return 'reading it timed out'
  return error.code
}

/** A warning in English (front ends with their own language translate by `kind`). */
export function settingsWarningText(w: SettingsWarning): string {
  if (w.kind === 'damaged-file') return `The settings file ${w.file} cannot be read (${w.detail}); using the defaults.`
  return `${w.source}: ${w.key} ${w.value} is not a whole number from ${HISTORY_LIMIT_RANGE.min} to ${HISTORY_LIMIT_RANGE.max}; using ${w.used}.`
}
