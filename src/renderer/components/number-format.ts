/** Number formatting for the panels; null (not reported) renders as an em dash. */
export const DASH = '—'

export function formatNumber(value: number | null | undefined, lang: string, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)
}

export function mibToGib(mib: number | null | undefined): number | null {
  return mib === null || mib === undefined ? null : mib / 1024
}

export function formatBytes(bytes: number | null, lang: string): string {
  if (bytes === null) return DASH
  return `${formatNumber(bytes / 1024 ** 3, lang, 1)} GiB`
}

/** "42 %"-style value with a unit, or a dash with no unit. */
export function withUnit(value: number | null | undefined, unit: string, lang: string, digits = 0): string {
  const text = formatNumber(value, lang, digits)
  return text === DASH ? DASH : `${text} ${unit}`
}
