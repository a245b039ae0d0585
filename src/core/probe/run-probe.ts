import type { ProbeReport } from '../../shared/probe'
import { ProbeReportSchema } from '../../shared/probe'
import { runProcess } from '../process/run-process'
import { probeScriptPath } from './probe-script'

export type ProbeWorkload = 'conv' | 'sustained' | 'cudnn-maps'

export interface ProbeOptions {
  python: string
  workloads?: ProbeWorkload[]
  sustainSeconds?: number
  /** Runs with torch.backends.cudnn.enabled = False: shows what a broken cuDNN looks like. */
  disableCudnn?: boolean
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  timeoutMs?: number
  onProgress?: (stage: string, time: number) => void
  onSpawn?: (pid: number) => void
}

export type ProbeOutcome =
  | { ok: true; report: ProbeReport; durationMs: number }
  | { ok: false; reason: string; stderr: string; durationMs: number }

const PROGRESS = 'GPU_DOCTOR_PROGRESS '

/** Runs the probe with one interpreter and validates its JSON; every failure is a reason, not a throw. */
export async function runProbe(options: ProbeOptions): Promise<ProbeOutcome> {
  const script = probeScriptPath(options.env)
  if (!script) return { ok: false, reason: 'the probe script resources/probe/gpu_doctor_probe.py is missing', stderr: '', durationMs: 0 }
  const args = ['-X', 'utf8', script]
  for (const w of options.workloads ?? []) args.push('--workload', w)
  if (options.sustainSeconds !== undefined) args.push('--seconds', String(options.sustainSeconds))
  if (options.disableCudnn) args.push('--disable-cudnn')
  const run = await runProcess(options.python, args, {
    timeoutMs: options.timeoutMs ?? 120_000,
    signal: options.signal,
    env: { ...(options.env ?? process.env), PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' },
    onSpawn: options.onSpawn,
    onStderrLine: (line) => {
      if (!line.startsWith(PROGRESS) || !options.onProgress) return
      try {
        const p = JSON.parse(line.slice(PROGRESS.length)) as { stage: string; t: number }
        options.onProgress(p.stage, p.t)
      } catch {
        // a torn progress line is only cosmetic
      }
    },
  })
  const stderr = run.stderr.split('\n').filter((l) => !l.startsWith(PROGRESS)).join('\n').slice(-4000)
  const fail = (reason: string): ProbeOutcome => ({ ok: false, reason, stderr, durationMs: run.durationMs })
  if (run.spawnError) return fail(`cannot start ${options.python}: ${run.spawnError.code === 'ENOENT' ? 'not found' : run.spawnError.message}`)
  if (run.cancelled) return fail('cancelled')
  if (run.timedOut) return fail(`the probe did not finish within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s`)
  const last = run.stdout.trim().split('\n').pop() ?? ''
  let json: unknown
  try {
    json = JSON.parse(last)
  } catch {
    const said = stderr.trim().split('\n').pop() ?? ''
    return fail(`the probe printed no JSON (exit ${run.exitCode})${said ? `: ${said}` : ''}`)
  }
  const parsed = ProbeReportSchema.safeParse(json)
  if (!parsed.success) return fail(`the probe's JSON does not match schema 1: ${parsed.error.issues[0]?.message ?? ''}`)
  return { ok: true, report: parsed.data, durationMs: run.durationMs }
}
