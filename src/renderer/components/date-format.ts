import { DASH } from './number-format'

/** "2026-11-21 06:37" in the reader's locale and time zone; with seconds where runs a minute apart must differ. */
export function formatDateTime(iso: string | null, lang: string, withSeconds = false): string {
  const time = iso ? Date.parse(iso) : NaN
  if (Number.isNaN(time)) return iso ?? DASH
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' }).format(time)
}
