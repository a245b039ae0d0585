import { constants as osConstants } from 'node:os'

import type { Finding } from '../../../shared/diagnosis'
import type { ProbeReport } from '../../../shared/probe'
import { ProbeReportSchema } from '../../../shared/probe'
import { runProcess } from '../process/run-process'
import { interpreterLaunch } from './pinned-interpreters'
import { probeScriptPath } from './probe-script'

export type ProbeWorkload = 'conv' | 'sustained' | 'memory' | 'cudnn-maps' | 'links'

export interface ProbeOptions {
  python: string
  workloads?: ProbeWorkload[]
  sustainSeconds?: number
  /** The GPUs steps 4 and 5 load, as the probe reads --gpus: CUDA ordinals or UUIDs, comma-separated; all when unset. */
  gpus?: string
  /** Each conv case is timed for at least this long (the probe's default: 1 s). */
  convSeconds?: number
  /** Runs with torch.backends.cudnn.enabled = False: shows what a broken cuDNN looks like. */
  disableCudnn?: boolean
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  timeoutMs?: number
  onProgress?: (stage: string, time: number) => void
  /** The probe's PID as this machine sees it (a container's main process too, when local). */
  onSpawn?: (pid: number) => void
  /** Where the probe runs; the host's Python when unset. */
  runner?: ProbeRunner
}

/** The probe process was ended by a signal (a crash in PyTorch or a library it loaded, an abort, the OOM killer). */
export interface ProbeCrash {
  signal: string
  /** The last lines it wrote to stderr, verbatim, bounded. */
  stderrTail: string
}

/** `findings`: what the runner itself learned (a container without GPU support, a small /dev/shm). */
export type ProbeOutcome = (
  | { ok: true; report: ProbeReport; durationMs: number }
  | {
      ok: false
      reason: string
      stderr: string
      durationMs: number
      crash?: ProbeCrash
      /** The variables the probe was started with that may change CUDA/PyTorch (what step 1 shows when the probe printed nothing). */
      environment?: Record<string, string>
    }
) & { findings?: Finding[]; where?: string }

/** Runs the probe somewhere — the host's Python, a container — and never throws. */
export type ProbeRunner = (options: ProbeOptions) => Promise<ProbeOutcome>

const PROGRESS = 'GPU_DOCTOR_PROGRESS '

/** The probe's arguments after the script path, for any runner. */
export function probeArguments(options: ProbeOptions): string[] {
  const args: string[] = []
  for (const w of options.workloads ?? []) args.push('--workload', w)
  if (options.sustainSeconds !== undefined) args.push('--seconds', String(options.sustainSeconds))
  if (options.disableCudnn) args.push('--disable-cudnn')
  if (options.gpus) args.push('--gpus', options.gpus)
  if (options.convSeconds !== undefined) args.push('--conv-seconds', String(options.convSeconds))
  return args
}

/** A stderr-line handler that turns the probe's progress lines into `onProgress` calls. */
export function progressLines(onProgress: ProbeOptions['onProgress']): (line: string) => void {
  return (line) => {
    if (!line.startsWith(PROGRESS) || !onProgress) return
    try {
      const p = JSON.parse(line.slice(PROGRESS.length)) as { stage: string; t: number }
      onProgress(p.stage, p.t)
    } catch {
      // a torn progress line is only cosmetic
    }
  }
}

const TAIL_LINES = 8
const TAIL_LINE_CHARS = 300

/**
 * The last non-empty lines of stderr, each cut to a readable length. Where Python's faulthandler
 * reported the crash: the lines just before it (a C++ "terminate called …"), the fatal error and the
 * innermost Python calls, which say where it happened.
 */
export function stderrTail(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim())
  const fatal = lines.findIndex((l) => l.startsWith('Fatal Python error:'))
  const shown = fatal >= 0 ? [...lines.slice(Math.max(0, fatal - 3), fatal), ...faulthandlerLines(lines.slice(fatal))] : lines.slice(-TAIL_LINES)
  return shown.map((l) => (l.length > TAIL_LINE_CHARS ? `${l.slice(0, TAIL_LINE_CHARS)}…` : l)).join('\n')
}

/** "Fatal Python error: Segmentation fault", then the crashing thread's innermost frames (most recent first). */
function faulthandlerLines(block: string[]): string[] {
  // With several threads faulthandler lists each; "Current thread" is the one that crashed.
  const current = block.findIndex((l) => l.startsWith('Current thread 0x'))
  const after = current >= 0 ? block.slice(current + 1) : []
  const end = after.findIndex((l) => !/^\s+File "/.test(l))
  return [block[0]!, ...(end >= 0 ? after.slice(0, end) : after).slice(0, 5)]
}

/** The signal that ended the process: Node's, or a shell wrapper's exit status 128+n. */
export function crashSignal(exitCode: number | null, exitSignal: string | null | undefined): string | null {
  if (exitSignal) return exitSignal
  if (exitCode === null || exitCode <= 128 || exitCode > 128 + 64) return null
  const byNumber = Object.entries(osConstants.signals).find(([, n]) => n === exitCode - 128)
  return byNumber?.[0] ?? null
}

/** Reads the probe's last stdout line as its JSON report; anything else becomes a reason. */
export function outcomeFromOutput(stdout: string, rawStderr: string, exitCode: number | null, durationMs: number, exitSignal?: string | null): ProbeOutcome {
  const stderr = rawStderr.split('\n').filter((l) => !l.startsWith(PROGRESS)).join('\n').slice(-4000)
  const fail = (reason: string, crash?: ProbeCrash): ProbeOutcome => ({ ok: false, reason, stderr, durationMs, ...(crash ? { crash } : {}) })
  const last = stdout.trim().split('\n').pop() ?? ''
  let json: unknown
  try {
    json = JSON.parse(last)
  } catch {
    const signal = crashSignal(exitCode, exitSignal)
    if (signal) return fail(`the probe was killed by ${signal} before it printed its report`, { signal, stderrTail: stderrTail(stderr) })
    const said = stderr.trim().split('\n').pop() ?? ''
    return fail(`the probe printed no JSON (exit ${exitCode})${said ? `: ${said}` : ''}`)
  }
  const parsed = ProbeReportSchema.safeParse(json)
  if (!parsed.success) return fail(`the probe's JSON does not match schema 1: ${parsed.error.issues[0]?.message ?? ''}`)
  return { ok: true, report: parsed.data, durationMs }
}

/** The default runner: the host's Python with the probe script from resources/probe. */
export const hostProbeRunner: ProbeRunner = async (options) => {
  const script = probeScriptPath(options.env)
  if (!script) return { ok: false, reason: 'the probe script resources/probe/gpu_doctor_probe.py is missing', stderr: '', durationMs: 0 }
  // --parent-watch with stdin held open: the probe ends by itself when this process dies (kill -9 included).
  const launch = interpreterLaunch(options.python)
  if ('refused' in launch) return { ok: false, reason: `cannot start ${options.python}: ${launch.refused}`, stderr: '', durationMs: 0 }
  const run = await runProcess(launch.command, ['-X', 'utf8', script, ...probeArguments(options), '--parent-watch'], {
    argv0: launch.argv0,
    timeoutMs: options.timeoutMs ?? 120_000,
    holdStdinOpen: true,
    signal: options.signal,
    env: { ...(options.env ?? process.env), PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' },
    onSpawn: options.onSpawn,
    onStderrLine: progressLines(options.onProgress),
  })
  const outcome = withEnvironment(outcomeFromOutput(run.stdout, run.stderr, run.exitCode, run.durationMs, run.exitSignal), options.env ?? process.env)
  const stderr = outcome.ok ? '' : outcome.stderr
  const fail = (reason: string): ProbeOutcome => ({ ok: false, reason, stderr, durationMs: run.durationMs })
  if (run.spawnError) return fail(`cannot start ${options.python}: ${run.spawnError.code === 'ENOENT' ? 'not found' : run.spawnError.message}`)
  if (run.cancelled) return fail('cancelled')
  if (run.timedOut) return fail(`the probe did not finish within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s`)
  return outcome
}

// The families of resources/data/cuda-environment.json; step 1 keeps only the table's names.
const CUDA_ENV = /^(CUDA_|CUDNN_|CUBLAS|NCCL_|NVIDIA_|PYTORCH_|TORCH_|LD_PRELOAD$|LD_LIBRARY_PATH$)/

/** A failed probe printed no environment: the runner says what it started the probe with. */
function withEnvironment(outcome: ProbeOutcome, env: NodeJS.ProcessEnv): ProbeOutcome {
  if (outcome.ok) return outcome
  const environment = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => CUDA_ENV.test(e[0]) && typeof e[1] === 'string'))
  return { ...outcome, environment }
}

/** Runs the probe with `options.runner` (the host's Python by default) and validates its JSON; every failure is a reason, not a throw. */
export function runProbe(options: ProbeOptions): Promise<ProbeOutcome> {
  return (options.runner ?? hostProbeRunner)(options)
}
