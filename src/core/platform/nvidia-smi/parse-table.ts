import type { GpuInfo, GpuProcess, GpuStatus, MigDevice } from '../../../shared/gpu'
import { smiBool, smiInt, smiNull, smiNumber } from './smi-values'

/*
 * The default nvidia-smi table changed width and wording across driver branches (79, 89 and 91
 * columns; `Persistence-M`, `TCC/WDDM`, `Driver-Model`; `Driver Version` vs `KMD Version`), so
 * everything here works on the `|` cells and the words in them, never on column offsets.
 */

/** The cells between the `|` borders of a table line; null for lines that are not table rows. */
function cellsOf(line: string): string[] | null {
  const trimmed = line.trim()
  if (!trimmed.startsWith('|') || isRule(trimmed)) return null
  const parts = trimmed.split('|').slice(1)
  if (trimmed.endsWith('|')) parts.pop()
  return parts
}

/** `+----+----+`, `|----+----|`, `|====+====|`. */
function isRule(line: string): boolean {
  const trimmed = line.trim()
  return /^[+|][-=+|]+$/.test(trimmed) && /[-=]/.test(trimmed)
}

function isEqualsRule(line: string): boolean {
  return isRule(line) && line.includes('=')
}

const BUS_ID = /^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$/
const DRIVER_MODELS = new Set(['TCC', 'WDDM', 'MCDM'])
// `1234MiB / 24564MiB`, from the start of a word (`(?<!\S)`): `(\S+)\s*\/` from every character of a long word was cubic.
const USED_OF_TOTAL = /(?<!\S)(\S+)\s*\/\s*(\S+)/

interface HeaderInfo {
  driverVersion: string | null
  cudaVersion: string | null
}

function parseHeader(lines: readonly string[]): HeaderInfo {
  const header = lines.find((line) => /\|\s*NVIDIA-SMI\s+\S+/.test(line))
  if (!header) return { driverVersion: null, cudaVersion: null }
  // On WSL2 `NVIDIA-SMI` is the Linux tool's version; `Driver Version` is the Windows driver's.
  const driver = /(?:Driver|KMD) Version:\s*(\S+)/i.exec(header)?.[1]
  const cuda = /CUDA(?: UMD)? Version:\s*(\S+)/i.exec(header)?.[1]
  return { driverVersion: smiNull(driver), cudaVersion: smiNull(cuda) }
}

/** Lines of the table whose column header matches `isHeader`: the header text and the row blocks after its `=` rule. */
function readSection(
  lines: readonly string[],
  isHeader: (line: string) => boolean,
): { header: string; blocks: string[][] } | null {
  const start = lines.findIndex(isHeader)
  if (start < 0) return null
  let i = start
  const headerLines: string[] = []
  while (i < lines.length && !isEqualsRule(lines[i] ?? '')) headerLines.push(lines[i++] ?? '')
  i++
  const blocks: string[][] = []
  let block: string[] = []
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (isRule(line)) {
      if (block.length > 0) blocks.push(block)
      block = []
    } else if (line.trim().startsWith('|')) block.push(line)
    else break
  }
  if (block.length > 0) blocks.push(block)
  return { header: headerLines.join('\n'), blocks }
}

function parseGpuBlock(block: readonly string[], header: string): GpuInfo | null {
  const identity = cellsOf(block[0] ?? '')
  const metrics = cellsOf(block[1] ?? '') ?? []
  const mig = cellsOf(block[2] ?? '') ?? []
  const id = /^\s*(\d+)\s+(?:(\S(?:.*\S)?)\s+)?(\S+)\s*$/.exec(identity?.[0] ?? '')
  if (!identity || !id?.[1]) return null
  const modeColumnIsDriverModel = /TCC\/WDDM|Driver-Model/i.test(header)
  const modeWord = id[3] ?? ''

  const busWord = (identity[1] ?? '').trim().split(/\s+/)[0] ?? ''
  // `Fan Temp Perf usage / cap`; `N/A` holds a slash too, so the separator is the lone `/` token.
  const words = (metrics[0] ?? '').trim().split(/\s+/)
  const slash = words.indexOf('/')
  const [, temp, perf] = slash === 4 ? words : []
  const usage = slash > 0 ? words[slash - 1] : undefined
  const powerCap = slash > 0 ? words[slash + 1] : undefined
  const memory = USED_OF_TOTAL.exec(metrics[1] ?? '')
  const utilization = (metrics[2] ?? '').trim().split(/\s+/)[0]

  return {
    index: Number.parseInt(id[1], 10),
    name: (id[2] ?? '').trim(),
    uuid: null,
    busId: BUS_ID.test(busWord) ? busWord : null,
    computeCapability: null,
    memoryTotalMiB: smiNumber(memory?.[2]),
    memoryUsedMiB: smiNumber(memory?.[1]),
    utilizationGpu: smiNumber(utilization),
    utilizationMemory: null,
    temperatureC: smiNumber(temp),
    powerW: smiNumber(usage),
    powerLimitW: smiNumber(powerCap),
    smClockMHz: null,
    smClockMaxMHz: null,
    persistenceMode: modeColumnIsDriverModel ? null : smiBool(modeWord),
    migMode: /MIG M\./.test(header) ? smiBool(mig[2]) : null,
    driverModel: modeColumnIsDriverModel && DRIVER_MODELS.has(modeWord.toUpperCase()) ? modeWord.toUpperCase() : null,
    pstate: perf && /^P\d+$/.test(perf) ? perf : null,
    clocksEventReasons: null,
  }
}

// The name (any words, or none) is everything between the first columns and the last word. It starts and ends at a
// non-blank (`\S(?:.*\S)?`): `\s+(.*?)\s+(\S+)\s*$` tried every blank of a long run as the end of the name.
const PROC_WITH_GI_CI = /^\s*(\d+|N\/A)\s+(\S+)\s+(\S+)\s+(\d+|N\/A)\s+(\S+)\s+(?:(\S(?:.*\S)?)\s+)?(\S+)\s*$/
const PROC_LEGACY = /^\s*(\d+|N\/A)\s+(\d+|N\/A)\s+(\S+)\s+(?:(\S(?:.*\S)?)\s+)?(\S+)\s*$/

function parseProcessRow(text: string, withInstances: boolean): GpuProcess | null {
  const m = (withInstances ? PROC_WITH_GI_CI : PROC_LEGACY).exec(text)
  if (!m) return null
  const [gpu, gi, ci, pid, type, name, memory] = withInstances
    ? [m[1], m[2], m[3], m[4], m[5], m[6], m[7]]
    : [m[1], undefined, undefined, m[2], m[3], m[4], m[5]]
  return {
    gpuIndex: smiInt(gpu),
    pid: smiInt(pid),
    type: smiNull(type),
    name: (name ?? '').trim(),
    usedMemoryMiB: smiNumber(memory),
    gpuInstanceId: smiInt(gi),
    computeInstanceId: smiInt(ci),
    container: null,
  }
}

function parseProcesses(lines: readonly string[]): GpuProcess[] {
  const section = readSection(lines, (line) => /\|\s*Processes:/.test(line))
  if (!section) return []
  const withInstances = /\bGI\b/.test(section.header)
  const processes: GpuProcess[] = []
  for (const block of section.blocks) {
    for (const line of block) {
      const text = cellsOf(line)?.join('|') ?? ''
      const proc = parseProcessRow(text, withInstances)
      if (proc) processes.push(proc)
    }
  }
  return processes
}

const MIG_ID_CELL = /^\s*(\d+)\s+(\d+|N\/A|-)\s+(\d+|N\/A|-)\s+(\d+|N\/A|-)\s*$/

function parseMigDevices(lines: readonly string[]): MigDevice[] {
  const section = readSection(lines, (line) => /\|\s*MIG devices:/.test(line))
  if (!section) return []
  const devices: MigDevice[] = []
  for (const block of section.blocks) {
    for (const line of block) {
      const cells = cellsOf(line) ?? []
      const id = MIG_ID_CELL.exec(cells[0] ?? '')
      if (!id?.[1]) continue
      const memory = USED_OF_TOTAL.exec(cells[1] ?? '')
      devices.push({
        gpuIndex: Number.parseInt(id[1], 10),
        gpuInstanceId: smiInt(id[2]),
        computeInstanceId: smiInt(id[3]),
        migIndex: smiInt(id[4]),
        memoryTotalMiB: smiNumber(memory?.[2]),
        memoryUsedMiB: smiNumber(memory?.[1]),
      })
    }
  }
  return devices
}

/**
 * Parses the default `nvidia-smi` table (format 'table', source 'file') of any driver branch from 390
 * to 610+: header versions, one entry per GPU row, the Processes table and the MIG devices table.
 * The table has no UUID, compute capability, clocks or memory utilization: those are null.
 * Never throws; text without a table gives a status with no GPUs.
 */
export function parseSmiTable(text: string): GpuStatus {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const { driverVersion, cudaVersion } = parseHeader(lines)
  const section = readSection(lines, (line) => /\bGPU\s+Name\b/.test(cellsOf(line)?.[0] ?? ''))
  const gpus = (section?.blocks ?? [])
    .map((block) => parseGpuBlock(block, section?.header ?? ''))
    .filter((gpu): gpu is GpuInfo => gpu !== null)
  return {
    source: 'file',
    format: 'table',
    driverVersion,
    cudaVersion,
    gpus,
    processes: parseProcesses(lines),
    migDevices: parseMigDevices(lines),
  }
}
