import type { NodeState } from '../../../shared/fleet'
import { truncateEcho } from '../../../shared/echo-cut'
import { oneLine } from '../../../shared/one-line'
import { runProcess } from '../process/run-process'

export interface NodeTaskOptions {
  node: string
  /** Unique per fleet run, so that jobs left by a killed srun can be cancelled by name. */
  jobName: string
  partition?: string
  gpusPerNode?: number
  /** A container image for the Pyxis plugin (`srun --container-image`); the command then runs inside it. */
  image?: string
  /** The program and arguments that print one JSON report on stdout. */
  command: readonly string[]
  timeoutMs: number
  maxOutputBytes: number
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}

export interface NodeTaskResult {
  node: string
  state: Extract<NodeState, 'ok' | 'failed' | 'timed-out' | 'too-much-output'>
  stdout: string
  /** The last lines of stderr when the task failed (srun's and the program's), on one line. */
  detail: string | null
  cancelled: boolean
}

/** One task on exactly `node`: the arguments of srun, without a shell. */
export function srunArgs(o: Omit<NodeTaskOptions, 'env' | 'signal' | 'maxOutputBytes'>): string[] {
  // Slurm's own limit, a minute above ours: it ends the job even if this process is gone.
  const minutes = Math.ceil(o.timeoutMs / 60_000) + 1
  const args = ['--nodes=1', '--ntasks=1', `--nodelist=${o.node}`, `--job-name=${o.jobName}`, `--time=${minutes}`, '--quiet']
  if (o.partition) args.push(`--partition=${o.partition}`)
  if (o.gpusPerNode !== undefined) args.push(`--gpus-per-node=${o.gpusPerNode}`)
  if (o.image) args.push(`--container-image=${o.image}`)
  return [...args, '--', ...o.command]
}

// A node's stderr is outside text: its last lines become one line (joined by " | ", control
// characters shown as escapes), so that none can forge a line of GPU Doctor's ("[ok] …").
const tail = (text: string, lines = 4) =>
  text
    .replace(/\r\n/g, '\n')
    .trim()
    .split('\n')
    .filter((l) => l.trim() && !l.trimStart().startsWith('…'))
    .slice(-lines)
    .map((l) => truncateEcho(oneLine(l.trim()), 500))
    .join(' | ')

/** Runs the report on one node through srun; its JSON comes back over stdout, no shared file system needed. */
export async function runNodeTask(o: NodeTaskOptions): Promise<NodeTaskResult> {
  // A task that floods stdout is stopped at the bound, not read until the timeout; stderr keeps its
  // last lines (the error) and, however long it is, does not cost the report on stdout.
  const run = await runProcess('srun', srunArgs(o), {
    timeoutMs: o.timeoutMs,
    env: o.env,
    signal: o.signal,
    maxOutputBytes: o.maxOutputBytes,
    stopOnStdoutOverflow: true,
    keepStderrTail: true,
  })
  const base = { node: o.node, stdout: run.stdout, cancelled: run.cancelled }
  if (run.spawnError) return { ...base, state: 'failed', detail: `srun: ${run.spawnError.message}` }
  if (run.stdoutOverflowed) return { ...base, stdout: '', state: 'too-much-output', detail: `more than ${o.maxOutputBytes} bytes on stdout` }
  if (run.timedOut) return { ...base, state: 'timed-out', detail: tail(run.stderr) || null }
  if (run.exitCode !== 0) return { ...base, state: 'failed', detail: tail(run.stderr) || `srun exit code ${run.exitCode ?? run.exitSignal}` }
  return { ...base, state: 'ok', detail: null }
}
