/** Terminal width of a string: CJK and full-width characters take two columns. */
export function displayWidth(text: string): number {
  let width = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    width += code >= 0x1100 && /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1
  }
  return width
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? fill + text : text + fill
}

/** A plain aligned table; numeric-looking cells are right-aligned. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))))
  // \u00b0 is "°": escaped so that the built CLI stays ASCII (scripts/build-cli.mjs says why).
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-\d./ %WC\u00b0MHz]*$/.test(r[i] ?? '')))
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, numeric[i] ?? false)).join('  ').trimEnd()
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n')
}

const BARS = '▁▂▃▄▅▆▇█'

/** A sparkline of 0–100 values, for utilisation history in a terminal. */
export function sparkline(values: ReadonlyArray<number | null>): string {
  return values
    .map((v) => (v === null ? ' ' : BARS[Math.min(BARS.length - 1, Math.max(0, Math.round((v / 100) * (BARS.length - 1))))]))
    .join('')
}
