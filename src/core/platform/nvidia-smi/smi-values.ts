/**
 * Value helpers shared by every nvidia-smi parser. nvidia-smi marks missing values in several
 * ways (`[N/A]` in CSV, `N/A` in tables and under `nounits`, long bracketed phrases); all of them
 * mean "this GPU or driver does not say", so they all become null.
 */

const NULL_WORDS = new Set([
  'n/a',
  'not supported',
  'requested functionality has been deprecated',
  'unknown error',
  'insufficient permissions',
  'not available',
  'not found',
  'gpu is lost',
  'gpu requires reset',
  'err!',
])

/** Maps nvidia-smi's "no value" markers (`[N/A]`, `N/A`, `[Not Supported]`, empty, ...) to null; trims everything else. */
export function smiNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const trimmed = value.trim()
  if (trimmed === '') return null
  // Every bracketed CSV value is a status marker, never data (e.g. `[GPU requires reset]`).
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) return null
  if (NULL_WORDS.has(trimmed.toLowerCase())) return null
  return trimmed
}

const NUMBER_WITH_UNIT = /^([-+]?\d+(?:\.\d+)?)\s*(?:[A-Za-z%][A-Za-z%/()]*)?$/

/** Parses a number with an optional unit (`143771 MiB`, `75.32 W`, `0 %`, `345 MHz`, `28C`); null when absent or not a number. */
export function smiNumber(value: string | null | undefined): number | null {
  const text = smiNull(value)
  if (text === null) return null
  const match = NUMBER_WITH_UNIT.exec(text)
  if (!match?.[1]) return null
  const parsed = Number(match[1])
  return Number.isFinite(parsed) ? parsed : null
}

/** Parses an integer field (index, PID, instance id); null for anything that is not a plain integer. */
export function smiInt(value: string | null | undefined): number | null {
  const text = smiNull(value)
  if (text === null || !/^[-+]?\d+$/.test(text)) return null
  return Number.parseInt(text, 10)
}

const TRUE_WORDS = new Set(['enabled', 'on', 'yes', 'true', 'active'])
const FALSE_WORDS = new Set(['disabled', 'off', 'no', 'false', 'not active'])

/** Maps Enabled/Disabled, On/Off (and Yes/No) to a boolean; null for anything else. */
export function smiBool(value: string | null | undefined): boolean | null {
  const text = smiNull(value)
  if (text === null) return null
  const lower = text.toLowerCase()
  if (TRUE_WORDS.has(lower)) return true
  if (FALSE_WORDS.has(lower)) return false
  return null
}

/** The first whitespace-separated word: drops annotations such as `610.57.04 [Deprecated; ...]`. */
export function firstWord(value: string | null | undefined): string | null {
  const text = smiNull(value)
  if (text === null) return null
  const word = text.split(/\s+/)[0]
  return word ? smiNull(word) : null
}
