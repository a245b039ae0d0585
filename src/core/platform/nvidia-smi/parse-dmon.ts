/** One `nvidia-smi dmon` sample line: the GPU index and each metric column (`-` → null). */
export interface DmonRow {
  gpu: number
  values: Record<string, number | null>
}

/** A parsed dmon stream. `columns` and `units` name the metric columns only: not gpu, nor the `-o DT` Date/Time. */
export interface DmonTable {
  columns: string[]
  units: string[]
  rows: DmonRow[]
}

interface Layout {
  /** Every header token, Date/Time/gpu included, in order. */
  tokens: string[]
  gpuAt: number
  units: string[]
}

const NOT_A_METRIC = new Set(['gpu', 'date', 'time'])

function headerTokens(line: string): string[] | null {
  const trimmed = line.trim()
  if (!trimmed.startsWith('#')) return null
  return trimmed.slice(1).trim().split(/\s+/).filter(Boolean)
}

function metricColumns(layout: Layout): string[] {
  return layout.tokens.filter((token) => !NOT_A_METRIC.has(token.toLowerCase()))
}

function metricUnits(layout: Layout): string[] {
  return layout.tokens.flatMap((token, i) => (NOT_A_METRIC.has(token.toLowerCase()) ? [] : [layout.units[i] ?? '']))
}

function parseDataLine(line: string, layout: Layout): DmonRow | null {
  const tokens = line.trim().split(/\s+/)
  if (tokens.length !== layout.tokens.length) return null
  const gpuToken = tokens[layout.gpuAt] ?? ''
  if (!/^\d+$/.test(gpuToken)) return null
  const values: Record<string, number | null> = {}
  layout.tokens.forEach((name, i) => {
    if (NOT_A_METRIC.has(name.toLowerCase())) return
    const token = tokens[i] ?? '-'
    const value = token === '-' ? null : Number(token)
    values[name] = value !== null && Number.isFinite(value) ? value : null
  })
  return { gpu: Number.parseInt(gpuToken, 10), values }
}

function dmonReader(): { feed: (line: string) => DmonRow | null; firstLayout: () => Layout | null } {
  let layout: Layout | null = null
  let first: Layout | null = null
  let expectUnits = false
  const feed = (line: string): DmonRow | null => {
    const header = headerTokens(line)
    if (header) {
      const gpuAt = header.findIndex((token) => token.toLowerCase() === 'gpu')
      if (gpuAt >= 0) {
        layout = { tokens: header, gpuAt, units: [] }
        first ??= layout
        expectUnits = true
      } else if (layout && expectUnits && header.length === layout.tokens.length) {
        layout.units = header
        expectUnits = false
      }
      return null
    }
    expectUnits = false
    if (!layout || line.trim() === '') return null
    return parseDataLine(line, layout)
  }
  return { feed, firstLayout: () => first }
}

/**
 * A stateful line parser for a live `nvidia-smi dmon` stream: `# gpu ...` header lines (repeated
 * every so often by dmon) set the columns, the `# Idx ...` line under them the units, and each
 * sample line gives a row. Null for headers, blank lines and lines that do not fit the header.
 */
export function createDmonLineParser(): (line: string) => DmonRow | null {
  return dmonReader().feed
}

/**
 * Parses a whole `nvidia-smi dmon` capture (any `-s` selection, legacy 10-column or 12+ columns,
 * `-o DT` prefixes, repeated headers). Columns and units come from the first header. Never throws.
 */
export function parseDmon(text: string): DmonTable {
  const reader = dmonReader()
  const rows: DmonRow[] = []
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const row = reader.feed(line)
    if (row) rows.push(row)
  }
  const first = reader.firstLayout()
  return {
    columns: first ? metricColumns(first) : [],
    units: first ? metricUnits(first) : [],
    rows,
  }
}
