import { DASH, formatNumber } from './number-format'

/** Bytes the way Docker prints them (decimal units): 512 B, 45.2 MB, 8.1 GB. */
export function formatSize(bytes: number | null | undefined, lang: string): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return DASH
  const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${formatNumber(value, lang, unit === 0 ? 0 : 1)} ${units[unit]}`
}

export { formatAge } from '../../shared/relative-time'

/** A percentage for a bar's width, clamped to 0–100. */
export function barPercent(done: number, total: number | null): number {
  if (!total || total <= 0) return 0
  return Math.max(0, Math.min(100, (done / total) * 100))
}
