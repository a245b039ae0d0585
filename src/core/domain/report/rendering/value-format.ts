import type { TFunction } from 'i18next'

/** "2026-11-21 05:51:02 UTC": the same in every language and time zone. */
export function fmtTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** A number rounded to `digits` decimals, or a dash. */
export function fmtNum(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—'
  return n.toFixed(digits)
}

/** Small values keep more decimals: 0.45 ms, 2.6 ms, 131 ms. */
export function fmtMs(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—'
  return n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)
}

export function fmtText(v: string | number | null | undefined): string {
  return v === null || v === undefined || v === '' ? '—' : String(v)
}

export function yesNo(v: boolean | null | undefined, t: TFunction): string {
  return v === null || v === undefined ? '—' : t(v ? 'label.yes' : 'label.no')
}

export function fmtBytesGiB(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '—' : `${(bytes / 1024 ** 3).toFixed(1)} GiB`
}
