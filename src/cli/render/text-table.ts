import { displayWidth } from '../terminal/display-width'
import type { Style } from '../terminal/terminal-style'

export { displayWidth }

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? fill + text : text + fill
}

const GAP = 2

// \u00b0 is "°", \u2014 "—": escaped so that the built CLI stays ASCII (scripts/build-cli.mjs says why).
const numericColumns = (header: string[], rows: string[][]) => header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-\d./ %WC\u00b0\u2014MHz]*$/.test(r[i] ?? '')))

/** Where no column is worth keeping whole, a text column is cut no narrower than this. */
const MIN_CUT = 10

/**
 * The table within `width` columns where it can be: the widest text column is cut first (its cells end
 * in "…"), never below its header or MIN_CUT; numbers are never cut. The full values are in --json.
 */
export function fitToWidth(header: string[], rows: string[][], width: number, keep: readonly number[] = []): string[][] {
  const numeric = numericColumns(header, rows)
  let cells = rows
  for (let round = 0; round < header.length; round++) {
    const excess = tableWidth(header, cells) - width
    if (excess <= 0) break
    const widths = header.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))))
    const floor = (i: number) => Math.max(MIN_CUT, displayWidth(header[i] ?? ''))
    const candidates = widths.map((w, i) => ({ w, i })).filter(({ w, i }) => !numeric[i] && !keep.includes(i) && w > floor(i))
    if (!candidates.length) break
    const widest = candidates.reduce((a, b) => (b.w > a.w ? b : a))
    const target = Math.max(floor(widest.i), widest.w - excess)
    cells = cells.map((r) => r.map((c, i) => (i === widest.i ? truncate(c, target) : c)))
  }
  return cells
}

/**
 * A plain aligned table; numeric-looking cells are right-aligned. On a terminal the header is bold, the
 * rule dim, and with `fit.width` (the terminal's) the table is fitted to it, never cutting the `keep` columns.
 */
export function renderTable(header: string[], rows: string[][], style?: Style, fit?: { width: number | undefined; keep?: readonly number[] }): string {
  if (fit?.width !== undefined) rows = fitToWidth(header, rows, fit.width, fit.keep)
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))))
  const numeric = numericColumns(header, rows)
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, numeric[i] ?? false)).join(' '.repeat(GAP)).trimEnd()
  const paint = style ? style.paint : (_kind: string, text: string) => text
  return [paint('bold', line(header)), paint('dim', line(widths.map((w) => '─'.repeat(w)))), ...rows.map(line)].join('\n')
}

/** Columns a table takes, as renderTable lays it out. */
export function tableWidth(header: string[], rows: string[][]): number {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))))
  return widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, header.length - 1)
}

/** One way a table gives up width: a column's cells shortened, cut to fit (not below `truncateTo`), or a column dropped. */
export type FitStep = { column: number; cut: (cell: string) => string } | { column: number; truncateTo: number } | { drop: number }

/** `text` cut to `width` columns, ending in "…" where it was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  let out = ''
  for (const ch of text) {
    if (displayWidth(out + ch) > width - 1) break
    out += ch
  }
  return `${out}\u2026`
}

/** The table with as few of `steps` applied, in order, as make it `width` columns or less (all of them where none do). */
export function fitTable(header: string[], rows: string[][], width: number, steps: readonly FitStep[]): { header: string[]; rows: string[][] } {
  const dropped = new Set<number>()
  let cells = rows.map((r) => [...r])
  const visible = () => ({ header: header.filter((_, i) => !dropped.has(i)), rows: cells.map((r) => r.filter((_, i) => !dropped.has(i))) })
  const excess = () => {
    const v = visible()
    return tableWidth(v.header, v.rows) - width
  }
  for (const step of steps) {
    if (excess() <= 0) break
    if ('drop' in step) dropped.add(step.drop)
    else if ('cut' in step) cells = cells.map((r) => r.map((c, i) => (i === step.column ? step.cut(c) : c)))
    else {
      const column = Math.max(displayWidth(header[step.column] ?? ''), ...cells.map((r) => displayWidth(r[step.column] ?? '')))
      const target = Math.max(step.truncateTo, displayWidth(header[step.column] ?? ''), column - excess())
      cells = cells.map((r) => r.map((c, i) => (i === step.column ? truncate(c, target) : c)))
    }
  }
  return visible()
}

const BARS = '▁▂▃▄▅▆▇█'

/** A sparkline of 0–100 values, for utilisation history in a terminal. */
export function sparkline(values: ReadonlyArray<number | null>): string {
  return values
    .map((v) => (v === null ? ' ' : BARS[Math.min(BARS.length - 1, Math.max(0, Math.round((v / 100) * (BARS.length - 1))))]))
    .join('')
}
