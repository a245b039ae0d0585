/** "3 days ago" / "3 天前", from an ISO time; a dash when there is none or it does not parse. */
export function formatAge(iso: string | null, now: number, lang: string): string {
  const time = iso ? Date.parse(iso) : NaN
  if (Number.isNaN(time)) return '\u2014'
  const seconds = Math.round((time - now) / 1000)
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ]
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit)
  return rtf.format(seconds, 'second')
}
