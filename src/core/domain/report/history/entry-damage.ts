import type { Diagnosis } from '../../../../shared/diagnosis'
import type { HistoryDamage, UnreadableEntry } from '../../../../shared/history'
import { diagnosisOf, parseReportInput, ReportInputError } from '../load-input'

/** A saved diagnosis that cannot be read: which one and why, for a front end to say in its language. */
export class HistoryEntryUnreadableError extends Error {
  readonly code = 'history-entry-unreadable'
  constructor(readonly entry: UnreadableEntry) {
    super(`History entry ${entry.id} cannot be read: ${damageWords(entry)}.`)
    this.name = 'HistoryEntryUnreadableError'
  }

  get details(): Record<string, string> {
    return { id: this.entry.id, damage: this.entry.damage, detail: this.entry.detail ?? '' }
  }
}

/** A history id that names no saved diagnosis. */
export class HistoryEntryNotFoundError extends Error {
  readonly code = 'history-entry-not-found'
  constructor(readonly id: string) {
    super(`There is no saved diagnosis ${id}.`)
    this.name = 'HistoryEntryNotFoundError'
  }

  get details(): Record<string, string> {
    return { id: this.id }
  }
}

/** The English words for a damage; front ends translate by `damage`. */
export function damageWords(e: Pick<UnreadableEntry, 'damage' | 'detail'>): string {
  const words: Record<HistoryDamage, string> = {
    empty: 'the file is empty',
    'cut-short': 'the file is cut short (its JSON ends early)',
    'not-json': 'the file is not JSON',
    'wrong-schema': 'the file is JSON but not a GPU Doctor diagnosis',
    unreadable: 'the file cannot be opened',
  }
  return e.detail ? `${words[e.damage]} (${e.detail})` : words[e.damage]
}

/**
 * Why JSON.parse refused a text: it ran out of text (a file cut short by a full disk or a kill
 * mid-copy), or something that is not JSON is in it. V8 says "Unexpected end" or names a position
 * at the end for the first, a position inside for the second.
 */
function parseDamage(text: string): HistoryDamage {
  try {
    JSON.parse(text)
    return 'wrong-schema'
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/unexpected end/i.test(message)) return 'cut-short'
    const at = /position (\d+)/.exec(message)
    return at && Number(at[1]) >= text.trimEnd().length ? 'cut-short' : 'not-json'
  }
}

/** A history file's text as a diagnosis, or HistoryEntryUnreadableError saying what is wrong with it. */
export function readEntryText(id: string, text: string): Diagnosis {
  if (text.trim() === '') throw new HistoryEntryUnreadableError({ id, damage: 'empty', detail: null })
  let diagnosis: Diagnosis | null
  try {
    diagnosis = diagnosisOf(parseReportInput(text))
  } catch (error) {
    if (error instanceof ReportInputError && error.code === 'not-json') throw new HistoryEntryUnreadableError({ id, damage: parseDamage(text), detail: null })
    const detail = error instanceof ReportInputError ? error.detail : error instanceof Error ? error.message : String(error)
    throw new HistoryEntryUnreadableError({ id, damage: 'wrong-schema', detail: detail ? detail.slice(0, 200) : null })
  }
  if (!diagnosis) throw new HistoryEntryUnreadableError({ id, damage: 'wrong-schema', detail: 'a report without a diagnosis' })
  return diagnosis
}
