import type { GpuInfo, GpuStatus } from '../../../shared/gpu'
import { smiBool, smiInt, smiNull, smiNumber } from './smi-values'

/** One CSV line, keyed by field name; values are trimmed strings or null (`[N/A]` and friends). */
export type CsvRow = Record<string, string | null>

/**
 * Groups of names nvidia-smi treats as the same field (from `--help-query-gpu`, plus
 * `--query-compute-apps`). The header prints one spelling whichever was asked for.
 */
const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ['name', 'gpu_name'],
  ['serial', 'gpu_serial'],
  ['uuid', 'gpu_uuid'],
  ['pci.bus_id', 'gpu_bus_id'],
  ['inforom.img', 'inforom.image'],
  ['inforom.pwr', 'inforom.power'],
  ['gom.current', 'gpu_operation_mode.current'],
  ['gom.pending', 'gpu_operation_mode.pending'],
  ['retired_pages.single_bit_ecc.count', 'retired_pages.sbe'],
  ['retired_pages.double_bit.count', 'retired_pages.dbe'],
  ['remapped_rows.correctable', 'remapped_rows.sbe'],
  ['remapped_rows.uncorrectable', 'remapped_rows.dbe'],
  ['power.draw.average', 'gpu.power.draw.average'],
  ['power.draw.instant', 'gpu.power.draw.instant'],
  ['power.limit', 'gpu.power.requested_limit'],
  ['enforced.power.limit', 'gpu.power.current_limit'],
  ['power.default_limit', 'gpu.power.default_limit'],
  ['power.min_limit', 'gpu.power.min_limit'],
  ['power.max_limit', 'gpu.power.max_limit'],
  ['module.power.limit', 'module.power.requested_limit'],
  ['module.enforced.power.limit', 'module.power.current_limit'],
  ['clocks.current.graphics', 'clocks.gr'],
  ['clocks.current.sm', 'clocks.sm'],
  ['clocks.current.memory', 'clocks.mem'],
  ['clocks.current.video', 'clocks.video'],
  ['clocks.applications.graphics', 'clocks.applications.gr'],
  ['clocks.applications.memory', 'clocks.applications.mem'],
  ['clocks.default_applications.graphics', 'clocks.default_applications.gr'],
  ['clocks.default_applications.memory', 'clocks.default_applications.mem'],
  ['clocks.max.graphics', 'clocks.max.gr'],
  ['clocks.max.memory', 'clocks.max.mem'],
  ['used_memory', 'used_gpu_memory'],
  ...[
    'supported',
    'active',
    'gpu_idle',
    'applications_clocks_setting',
    'sw_power_cap',
    'hw_slowdown',
    'hw_thermal_slowdown',
    'hw_power_brake_slowdown',
    'sw_thermal_slowdown',
    'sync_boost',
  ].map((reason) => [`clocks_event_reasons.${reason}`, `clocks_throttle_reasons.${reason}`]),
]

const ALIASES = new Map<string, readonly string[]>()
for (const group of ALIAS_GROUPS) for (const name of group) ALIASES.set(name.toLowerCase(), group)

/** Every spelling of a field, the given one first. */
function spellings(field: string): string[] {
  const group = ALIASES.get(field.toLowerCase()) ?? []
  return [field, ...group.filter((name) => name.toLowerCase() !== field.toLowerCase())]
}

function sameField(a: string, b: string): boolean {
  const lower = b.toLowerCase()
  return spellings(a).some((name) => name.toLowerCase() === lower)
}

/** Splits one CSV line. nvidia-smi separates with `, ` and never quotes, but quoted fields are honoured. */
function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((cell) => cell.trim())
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === ',') {
      cells.push(cell.trim())
      cell = ''
    } else cell += ch
  }
  cells.push(cell.trim())
  return cells
}

/** `memory.total [MiB]` → `memory.total`. */
function headerName(cell: string): string {
  // From the start of a blank run, no "[" inside: every blank of a long run and every "[" of "[[[…" was a new start reading to the end.
  return cell.replace(/(?<!\s)\s*\[[^\][]*\]\s*$/, '').trim()
}

const FIELD_LIKE = /^[A-Za-z_][A-Za-z0-9_.]*(?:\s*\[[^\]]+\])?$/

function isHeaderLine(cells: readonly string[], requestedFields?: readonly string[]): boolean {
  if (cells.length === 0 || !cells.every((cell) => FIELD_LIKE.test(cell))) return false
  if (!requestedFields || requestedFields.length === 0) return true
  return cells.some((cell) => requestedFields.some((field) => sameField(field, headerName(cell))))
}

/** For each requested field, the column holding it: by position when the header matches in length, else by name. */
function columnsFor(header: readonly string[], requestedFields: readonly string[]): (number | null)[] {
  if (header.length === requestedFields.length) return requestedFields.map((_, i) => i)
  return requestedFields.map((field) => {
    const at = header.findIndex((name) => sameField(field, name))
    return at >= 0 ? at : null
  })
}

function toRow(cells: readonly string[], keys: readonly string[], columns: readonly (number | null)[]): CsvRow {
  const row: CsvRow = {}
  keys.forEach((key, i) => {
    const column = columns[i]
    row[key] = column === null || column === undefined ? null : smiNull(cells[column])
  })
  return row
}

/**
 * Parses `nvidia-smi --query-gpu=... --format=csv[,noheader][,nounits]` (and `--query-compute-apps`).
 * Rows are keyed by the names in `requestedFields` when given (nvidia-smi renames some in its header,
 * e.g. `clocks.sm` → `clocks.current.sm`), else by the header names without units. Output without a
 * header needs `requestedFields`. Missing cells are null; no-value markers become null.
 */
export function parseCsvQuery(text: string, requestedFields?: readonly string[]): CsvRow[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
  const first = lines[0]
  if (first === undefined) return []

  const firstCells = splitCsvLine(first)
  const hasHeader = isHeaderLine(firstCells, requestedFields)
  let keys: string[]
  let columns: (number | null)[]
  if (hasHeader) {
    const header = firstCells.map(headerName)
    if (requestedFields && requestedFields.length > 0) {
      keys = [...requestedFields]
      columns = columnsFor(header, requestedFields)
    } else {
      keys = header
      columns = header.map((_, i) => i)
    }
  } else {
    if (!requestedFields || requestedFields.length === 0) return []
    keys = [...requestedFields]
    columns = requestedFields.map((_, i) => i)
  }

  const width = hasHeader ? firstCells.length : keys.length
  return lines.slice(hasHeader ? 1 : 0).map((line) => {
    let cells = splitCsvLine(line)
    // A comma inside a value (a process name) splits it in two; `, ` is the real separator.
    if (cells.length > width && line.includes(', ')) cells = line.split(', ').map((cell) => cell.trim())
    return toRow(cells, keys, columns)
  })
}

/**
 * Parses one `--format=csv,noheader,nounits` line from the streaming monitor. Null for anything
 * that is not a sample: a wrong number of cells, an error message, or an `index` that is not a number.
 */
export function parseCsvSampleLine(line: string, fields: readonly string[]): CsvRow | null {
  if (line.trim() === '' || fields.length === 0) return null
  const cells = splitCsvLine(line.replace(/\r$/, ''))
  if (cells.length !== fields.length) return null
  const row = toRow(
    cells,
    fields,
    fields.map((_, i) => i),
  )
  const indexAt = fields.findIndex((field) => field === 'index')
  if (indexAt >= 0 && smiInt(cells[indexAt]) === null) return null
  return row
}

/** The value of the first spelling of any of `fields` the row has. */
function pick(row: CsvRow, ...fields: string[]): string | null {
  for (const field of fields) {
    for (const name of spellings(field)) {
      const value = row[name]
      if (value !== undefined && value !== null) return value
    }
  }
  return null
}

function rowToGpu(row: CsvRow, position: number): GpuInfo {
  return {
    index: smiInt(pick(row, 'index')) ?? position,
    name: pick(row, 'name') ?? '',
    uuid: pick(row, 'uuid'),
    busId: pick(row, 'pci.bus_id'),
    computeCapability: pick(row, 'compute_cap'),
    memoryTotalMiB: smiNumber(pick(row, 'memory.total')),
    memoryUsedMiB: smiNumber(pick(row, 'memory.used')),
    utilizationGpu: smiNumber(pick(row, 'utilization.gpu')),
    utilizationMemory: smiNumber(pick(row, 'utilization.memory')),
    temperatureC: smiNumber(pick(row, 'temperature.gpu')),
    powerW: smiNumber(pick(row, 'power.draw', 'power.draw.average', 'power.draw.instant')),
    powerLimitW: smiNumber(pick(row, 'power.limit', 'enforced.power.limit')),
    smClockMHz: smiNumber(pick(row, 'clocks.sm')),
    smClockMaxMHz: smiNumber(pick(row, 'clocks.max.sm')),
    persistenceMode: smiBool(pick(row, 'persistence_mode')),
    migMode: smiBool(pick(row, 'mig.mode.current')),
    driverModel: pick(row, 'driver_model.current'),
    pstate: pick(row, 'pstate'),
    clocksEventReasons: pick(row, 'clocks_event_reasons.active'),
  }
}

/**
 * Builds a status from `--query-gpu` rows (format 'csv', source 'file'). A looped query (`-l`)
 * repeats GPUs: the last row per GPU wins, in first-seen order. The driver version in the rows
 * wins over `extra` (from `--version`); CUDA comes only from `extra`.
 */
export function csvRowsToStatus(
  rows: CsvRow[],
  extra?: { driverVersion?: string | null; cudaVersion?: string | null },
): GpuStatus {
  const byGpu = new Map<string, GpuInfo>()
  rows.forEach((row, position) => {
    const gpu = rowToGpu(row, position)
    const key = pick(row, 'index') ?? pick(row, 'uuid') ?? pick(row, 'pci.bus_id') ?? `#${position}`
    byGpu.set(key, gpu)
  })
  const driverVersion = rows.map((row) => pick(row, 'driver_version')).find((v) => v !== null) ?? null
  return {
    source: 'file',
    format: 'csv',
    driverVersion: driverVersion ?? extra?.driverVersion ?? null,
    cudaVersion: extra?.cudaVersion ?? null,
    gpus: [...byGpu.values()],
    processes: [],
    migDevices: [],
  }
}
