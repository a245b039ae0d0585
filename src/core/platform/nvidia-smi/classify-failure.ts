import type { GpuErrorCode, GpuProblem } from '../../../shared/gpu'
import type { FindingId } from '../../../shared/i18n/findings'
import { problemsEn } from '../../../shared/i18n/problems'
import type { RunResult } from '../process/run-process'

interface ProblemSpec {
  code: GpuErrorCode
  failureModeId: FindingId | null
  key: 'nvidiaSmiMissing' | 'driverNotLoaded' | 'driverLibraryMismatch' | 'noDevices' | 'timeout' | 'garbageOutput' | 'failed'
}

const SPECS: Record<GpuErrorCode, ProblemSpec> = {
  'nvidia-smi-missing': { code: 'nvidia-smi-missing', failureModeId: 'driver-not-loaded', key: 'nvidiaSmiMissing' },
  'driver-not-loaded': { code: 'driver-not-loaded', failureModeId: 'driver-not-loaded', key: 'driverNotLoaded' },
  'driver-library-mismatch': {
    code: 'driver-library-mismatch',
    failureModeId: 'nvml-driver-library-mismatch',
    key: 'driverLibraryMismatch',
  },
  'no-devices': { code: 'no-devices', failureModeId: null, key: 'noDevices' },
  timeout: { code: 'timeout', failureModeId: 'persistence-mode-off', key: 'timeout' },
  'garbage-output': { code: 'garbage-output', failureModeId: null, key: 'garbageOutput' },
  failed: { code: 'failed', failureModeId: null, key: 'failed' },
}

/** Builds the explained problem for an error code. */
export function makeProblem(code: GpuErrorCode, detail: string, checked: string[] = []): GpuProblem {
  const spec = SPECS[code]
  const messageKey = `problem.${spec.key}` as const
  return {
    code,
    failureModeId: spec.failureModeId,
    messageKey,
    message: problemsEn[messageKey],
    fix: problemsEn[`${messageKey}.fix`],
    detail,
    checked,
  }
}

// nvidia-smi's exit codes mirror NVML return codes: 9 driver not loaded, 18 library mismatch, 6 not found.
const EXIT_CODES: Record<number, GpuErrorCode> = { 9: 'driver-not-loaded', 18: 'driver-library-mismatch', 6: 'no-devices' }

const PATTERNS: Array<[RegExp, GpuErrorCode]> = [
  [/couldn't communicate with the NVIDIA driver|Found no NVIDIA driver/i, 'driver-not-loaded'],
  [/Driver\/library version mismatch/i, 'driver-library-mismatch'],
  [/No devices were found/i, 'no-devices'],
]

function firstLine(text: string): string {
  return text.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? ''
}

/** A one-line description of a run for the "Details" line: command, exit status, first output line. */
export function describeRun(run: RunResult): string {
  const cmd = [run.command, ...run.args].join(' ')
  const status = run.timedOut
    ? `timed out after ${Math.round(run.durationMs)} ms`
    : run.exitSignal
      ? `killed by ${run.exitSignal}`
      : `exit ${run.exitCode}`
  const said = firstLine(run.stderr) || firstLine(run.stdout)
  return said ? `${cmd}: ${status}: ${said}` : `${cmd}: ${status}`
}

/**
 * Turns a failed nvidia-smi run into a problem a person can act on, or null if the run succeeded.
 * The text wins over the exit code: Windows builds and wrappers do not always keep NVML's codes.
 */
export function classifySmiFailure(run: RunResult, checked: string[] = []): GpuProblem | null {
  if (run.spawnError) {
    const why = run.spawnError.code === 'ENOENT' ? 'not found' : run.spawnError.message
    return makeProblem('nvidia-smi-missing', `${run.command}: ${why}`, checked)
  }
  if (run.timedOut) return makeProblem('timeout', describeRun(run), checked)
  const text = `${run.stdout}\n${run.stderr}`
  for (const [pattern, code] of PATTERNS) {
    if (pattern.test(text)) return makeProblem(code, describeRun(run), checked)
  }
  if (run.exitCode === 0) return null
  const code = (run.exitCode !== null && EXIT_CODES[run.exitCode]) || 'failed'
  return makeProblem(code, describeRun(run), checked)
}
