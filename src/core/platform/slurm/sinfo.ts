import type { NodeState } from '../../../shared/fleet'
import { runProcess } from '../process/run-process'
import { SlurmError } from './slurm-error'

export interface SlurmNode {
  name: string
  /** sinfo's compact state, verbatim (`idle`, `mix`, `drain`, `down*`, …). */
  slurmState: string
  /** Null: the node takes jobs. Else why this run leaves it out. */
  unusable: Exclude<NodeState, 'ok' | 'failed' | 'timed-out'> | null
  reason: string | null
}

const TIMEOUT_MS = 30_000

/**
 * What a compact sinfo state means for a one-task job. `*` (not responding) and `~`/`#`/`!`/`%`
 * (powered down, powering up/down) are suffixes; drain, drng and down keep jobs off the node.
 * https://slurm.schedmd.com/sinfo.html#SECTION_NODE-STATE-CODES
 */
export function classifyState(compact: string): SlurmNode['unusable'] {
  const base = compact.replace(/[*~#!%$@^-]+$/, '').toLowerCase()
  if (base.startsWith('drain') || base === 'drng') return 'drained'
  if (base === 'down' || base === 'fail' || base === 'failg' || base === 'boot' || base === 'futr' || base === 'inval') return 'down'
  if (compact.endsWith('*')) return 'not-responding'
  return null
}

/** `sinfo -N -h -o '%N|%t|%E'` lines; a node listed once per partition is kept once. */
export function parseSinfoNodes(text: string): SlurmNode[] {
  const seen = new Map<string, SlurmNode>()
  for (const line of text.split('\n')) {
    const [name, state, ...reason] = line.trim().split('|')
    if (!name || !state || seen.has(name)) continue
    const why = reason.join('|').trim()
    seen.set(name, { name, slurmState: state, unusable: classifyState(state), reason: why && why !== 'none' ? why : null })
  }
  return [...seen.values()]
}

function failure(command: string, run: Awaited<ReturnType<typeof runProcess>>): SlurmError | null {
  if (run.spawnError) return new SlurmError('not-installed', `${command}: ${run.spawnError.code === 'ENOENT' ? 'not found on PATH' : run.spawnError.message}`)
  if (run.timedOut) return new SlurmError('timeout', `${command} did not answer in ${TIMEOUT_MS / 1000} s`)
  if (run.exitCode !== 0) return new SlurmError('refused', `${command}: ${run.stderr.trim().split('\n').at(-1) || `exit code ${run.exitCode}`}`)
  return null
}

/** The nodes of `partition` (or every partition), limited to the hostlist `nodes` when given. */
export async function listNodes(opts: { partition?: string; nodes?: string; env: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<SlurmNode[]> {
  const args = ['-N', '-h', '-o', '%N|%t|%E']
  if (opts.partition) args.push('-p', opts.partition)
  if (opts.nodes) args.push('-n', opts.nodes)
  const run = await runProcess('sinfo', args, { timeoutMs: TIMEOUT_MS, env: opts.env, signal: opts.signal, maxOutputBytes: 4 * 1024 * 1024 })
  const error = failure('sinfo', run)
  if (error) throw error
  return parseSinfoNodes(run.stdout)
}

/** Cancels this run's jobs by name (after a timeout or Ctrl-C, an srun killed may leave its job). */
export async function cancelJobs(name: string, env: NodeJS.ProcessEnv): Promise<void> {
  await runProcess('scancel', ['--name', name], { timeoutMs: TIMEOUT_MS, env })
}
