import type { Finding } from '../../shared/diagnosis'
import type { ProbeReport } from '../../shared/probe'
import { ProbeReportSchema } from '../../shared/probe'
import { runProcess } from '../process/run-process'
import { probeScriptPath } from './probe-script'

export type ProbeWorkload = 'conv' | 'sustained' | 'cudnn-maps' | 'links'

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

/** `findings`: what the runner itself learned (a container without GPU support, a small /dev/shm). */
export type ProbeOutcome = (
  | { ok: true; report: ProbeReport; durationMs: number }
  | { ok: false; reason: string; stderr: string; durationMs: number }
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

/** Reads the probe's last stdout line as its JSON report; anything else becomes a reason. */
export function outcomeFromOutput(stdout: string, rawStderr: string, exitCode: number | null, durationMs: number): ProbeOutcome {
  const stderr = rawStderr.split('\n').filter((l) => !l.startsWith(PROGRESS)).join('\n').slice(-4000)
  const fail = (reason: string): ProbeOutcome => ({ ok: false, reason, stderr, durationMs })
  const last = stdout.trim().split('\n').pop() ?? ''
  let json: unknown
  try {
    json = JSON.parse(last)
  } catch {
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
  const run = await runProcess(options.python, ['-X', 'utf8', script, ...probeArguments(options), '--parent-watch'], {
    timeoutMs: options.timeoutMs ?? 120_000,
    holdStdinOpen: true,
    signal: options.signal,
    env: { ...(options.env ?? process.env), PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' },
    onSpawn: options.onSpawn,
    onStderrLine: progressLines(options.onProgress),
  })
  const outcome = outcomeFromOutput(run.stdout, run.stderr, run.exitCode, run.durationMs)
  const stderr = outcome.ok ? '' : outcome.stderr
  const fail = (reason: string): ProbeOutcome => ({ ok: false, reason, stderr, durationMs: run.durationMs })
  if (run.spawnError) return fail(`cannot start ${options.python}: ${run.spawnError.code === 'ENOENT' ? 'not found' : run.spawnError.message}`)
  if (run.cancelled) return fail('cancelled')
  if (run.timedOut) return fail(`the probe did not finish within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s`)
  return outcome
}

/** Runs the probe with `options.runner` (the host's Python by default) and validates its JSON; every failure is a reason, not a throw. */
export function runProbe(options: ProbeOptions): Promise<ProbeOutcome> {
  return (options.runner ?? hostProbeRunner)(options)
}
