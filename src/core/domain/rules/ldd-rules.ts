import type { Finding } from '../../../shared/diagnosis'
import type { FindingId } from '../../../shared/i18n/findings'
import { makeFinding } from '../findings/finding-catalog'
import type { LddEntry } from './parse-ldd'

// Libraries that Linux CUDA wheels load from their nvidia-* pip packages (failure-modes.md D1).
const WHEEL_CUDA_LIB =
  /^lib(?:cudnn\w*|cublas(?:Lt)?|cudart|cufft\w*|curand|cusolver\w*|cusparse\w*|nccl|nvJitLink|nvrtc\w*|nvToolsExt|cupti|cufile\w*)(?:-[0-9a-f]{8})?\.so/i
const WHEEL_DIR = /(?:site|dist)-packages[\\/](?:nvidia|torch)[\\/]/

function line(entry: LddEntry): string {
  if (entry.notFound) return `${entry.name} => not found`
  return `${entry.name} => ${entry.path ?? ''}${entry.address ? ` (${entry.address})` : ''}`
}

function missing(entries: LddEntry[], file: string): Finding[] {
  const lost = entries.filter((e) => e.notFound)
  const wheel = lost.filter((e) => WHEEL_CUDA_LIB.test(e.name))
  const other = lost.filter((e) => !WHEEL_CUDA_LIB.test(e.name))
  const finding = (id: FindingId, group: LddEntry[]): Finding[] =>
    group.length === 0
      ? []
      : [makeFinding(id, 'error', { library: group.map((e) => e.name).join(', '), file }, group.map(line).join('\n'))]
  return [...finding('bundled-cudnn-not-found', wheel), ...finding('library-not-found', other)]
}

// A wheel install resolves its CUDA libraries inside site-packages; one resolved elsewhere is a
// system copy winning the search (D2 for cuDNN, D3 for the rest). Only judged when the output shows
// that the binary is a wheel's (some dependency resolved inside site-packages).
// The binary is a wheel's when ldd was run on a file inside the wheel, or when one dependency resolves there.
function shadowed(entries: LddEntry[], file: string, severity: 'warning' | 'error'): Finding[] {
  if (!WHEEL_DIR.test(file) && !entries.some((e) => e.path && WHEEL_DIR.test(e.path))) return []
  const outside = entries.filter((e) => e.path && WHEEL_CUDA_LIB.test(e.name) && !WHEEL_DIR.test(e.path))
  const cudnn = outside.filter((e) => /^libcudnn/i.test(e.name))
  const rest = outside.filter((e) => !/^libcudnn/i.test(e.name))
  const finding = (id: FindingId, group: LddEntry[]): Finding[] =>
    group.length === 0
      ? []
      : [makeFinding(id, severity, { library: group.map((e) => e.name).join(', ') }, group.map(line).join('\n'))]
  return [...finding('cudnn-shadowed-by-system-copy', cudnn), ...finding('system-cuda-libs-shadow-wheel-libs', rest)]
}

function driverLib(entries: LddEntry[]): Finding[] {
  const libcuda = entries.find((e) => /^libcuda\.so/.test(e.name) && e.path)
  if (!libcuda?.path) return []
  if (/[\\/]stubs[\\/]/.test(libcuda.path)) {
    return [makeFinding('system-cuda-libs-shadow-wheel-libs', 'error', { library: libcuda.name }, line(libcuda))]
  }
  if (/[\\/]compat[\\/]/.test(libcuda.path)) {
    return [makeFinding('forward-compat-lib-misuse', 'warning', { library: libcuda.name }, line(libcuda))]
  }
  return []
}

/**
 * Findings from parsed ldd output: every `not found` (the wheel's CUDA libraries as
 * bundled-cudnn-not-found, others as library-not-found), CUDA libraries resolved outside the
 * wheel, and a stub or forward-compatibility libcuda. `file` names the inspected binary.
 */
export function lddFindings(entries: LddEntry[], file: string, context: { failingImport?: boolean } = {}): Finding[] {
  return [...missing(entries, file), ...driverLib(entries), ...shadowed(entries, file, context.failingImport ? 'error' : 'warning')]
}
