import type { GpuStatus } from '../../../shared/gpu'
import { csvRowsToStatus, parseCsvQuery } from './parse-csv'
import { parseSmiQueryText } from './parse-query-text'
import { parseSmiQueryXml } from './parse-query-xml'
import { parseSmiTable } from './parse-table'
import { stripCaptureArtifacts } from './strip-capture'
import { FOREIGN_DOCTYPE_REASON, foreignDoctype } from './xml-doctype'

const ACCEPTED =
  'GPU Doctor reads the output of `nvidia-smi` (the default table), `nvidia-smi -q`, `nvidia-smi -q -x` (XML) ' +
  'or `nvidia-smi --query-gpu=... --format=csv` (with its header line).'

/** Messages nvidia-smi prints instead of output when it cannot work. */
const SMI_ERRORS: readonly RegExp[] = [
  /NVIDIA-SMI has failed/i,
  /Failed to initialize NVML/i,
  /No devices were found/i,
  /Unable to determine the device handle/i,
  /is not a valid field to query/i,
  /couldn't communicate with the NVIDIA driver/i,
]

// Any of them, to find the first line that holds one without trying each on every line of a long text.
const ANY_SMI_ERROR = new RegExp(SMI_ERRORS.map((re) => re.source).join('|'), 'i')

// Fields that identify a GPU: a CSV header without one (e.g. --query-compute-apps) is not a GPU list.
const GPU_FIELDS = ['index', 'name', 'gpu_name', 'uuid', 'pci.bus_id', 'memory.total']

function looksLikeXml(text: string): boolean {
  return /<nvidia_smi_log[\s>]/.test(text)
}

function looksLikeQueryText(text: string): boolean {
  return /^=+NVSMI LOG=+\s*$/m.test(text) || /^Attached GPUs\s+:/m.test(text)
}

function looksLikeTable(text: string): boolean {
  return /^\|\s*NVIDIA-SMI\s+\S+/m.test(text) || /^\|\s*GPU\s+Name\b/m.test(text)
}

function csvStatus(text: string): GpuStatus | null {
  const rows = parseCsvQuery(text)
  const keys = Object.keys(rows[0] ?? {})
  if (rows.length === 0 || !keys.some((key) => GPU_FIELDS.includes(key)) || keys.includes('pid')) return null
  return csvRowsToStatus(rows)
}


function detect(text: string): { status: GpuStatus | null; kind: string } {
  if (looksLikeXml(text)) return { status: parseSmiQueryXml(text), kind: 'nvidia-smi -q -x XML' }
  if (looksLikeQueryText(text)) return { status: parseSmiQueryText(text), kind: 'nvidia-smi -q output' }
  if (looksLikeTable(text)) return { status: parseSmiTable(text), kind: 'nvidia-smi table' }
  return { status: csvStatus(text), kind: 'CSV' }
}

/** The line (trimmed) that holds the character at `index`. */
function lineWith(text: string, index: number | undefined): string | undefined {
  if (index === undefined) return undefined
  const end = text.indexOf('\n', index)
  return text.slice(text.lastIndexOf('\n', index) + 1, end === -1 ? undefined : end).trim()
}

function failure(text: string, what: string): { error: string } {
  const smiError = lineWith(text, ANY_SMI_ERROR.exec(text)?.index)
  if (smiError) return { error: `This is an nvidia-smi error, not its output: "${smiError}". ${ACCEPTED}` }
  return { error: `${what} ${ACCEPTED}` }
}

/**
 * Reads pasted or saved nvidia-smi output of any supported kind, after removing terminal capture
 * artifacts. Returns the status, or an error that names the accepted formats. Never throws.
 */
export function parseSmiOutput(text: string): { status: GpuStatus } | { error: string } {
  const clean = stripCaptureArtifacts(text ?? '')
  if (clean.trim() === '') return { error: `The text is empty. ${ACCEPTED}` }

  if (looksLikeXml(clean) && foreignDoctype(clean)) {
    return { error: `${FOREIGN_DOCTYPE_REASON} ${ACCEPTED}` }
  }
  let detected: { status: GpuStatus | null; kind: string }
  try {
    detected = detect(clean)
  } catch {
    // The parsers are written not to throw; this keeps a paste from crashing the CLI if one does.
    detected = { status: null, kind: '' }
  }
  const { status, kind } = detected
  if (!status) return failure(clean, 'This is not nvidia-smi output GPU Doctor can read.')
  if (status.gpus.length === 0) return failure(clean, `The ${kind} lists no GPU (is it cut short?).`)
  return { status }
}
