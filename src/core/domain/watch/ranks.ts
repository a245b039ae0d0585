import { open, readdir } from 'node:fs/promises'

import { readProcess } from '../../platform/process/proc'

/** /proc/PID/environ is small; a larger one is cut here (it is a proc file: it never blocks). */
const ENVIRON_MAX_BYTES = 256 * 1024

/** The environment a process started with, or null when it cannot be read (another user's, gone). */
export async function readEnviron(pid: number, proc = '/proc'): Promise<Map<string, string> | null> {
  let handle
  try {
    handle = await open(`${proc}/${pid}/environ`, 'r')
    const buffer = Buffer.alloc(ENVIRON_MAX_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, ENVIRON_MAX_BYTES, 0)
    const env = new Map<string, string>()
    for (const entry of buffer.subarray(0, bytesRead).toString('utf8').split('\0')) {
      const eq = entry.indexOf('=')
      if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1))
    }
    return env
  } catch {
    return null
  } finally {
    await handle?.close().catch(() => {})
  }
}

export interface Rank {
  pid: number
  rank: number | null
  localRank: number | null
}

export interface JobRanks {
  /** What ties the ranks together: TORCHELASTIC_RUN_ID, else MASTER_ADDR:MASTER_PORT. */
  key: string
  worldSize: number | null
  ranks: Rank[]
}

const num = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null)

/** torchrun's and torch.distributed's variables: the same run id, or the same rendezvous address and port. */
function jobKey(env: Map<string, string>): string | null {
  if (!env.has('RANK') && !env.has('LOCAL_RANK')) return null
  const run = env.get('TORCHELASTIC_RUN_ID')
  // "none" is torchrun's default run id (a static rendezvous): every such job has it, so the address tells them apart.
  if (run && run !== 'none') return `run ${run} (MASTER_PORT ${env.get('MASTER_PORT') ?? '?'})`
  const port = env.get('MASTER_PORT')
  return port ? `${env.get('MASTER_ADDR') ?? '?'}:${port}` : null
}

/**
 * The ranks of the distributed job `pid` belongs to, on this machine: processes whose environment
 * carries the same torchrun run id (or rendezvous address and port) and a RANK. DataLoader workers
 * inherit their rank's environment, so a match whose parent also matches is a worker, not a rank.
 * Null when `pid` is not a rank of such a job (or its environment cannot be read).
 */
export async function findJobRanks(pid: number, proc = '/proc'): Promise<JobRanks | null> {
  const own = await readEnviron(pid, proc)
  const key = own ? jobKey(own) : null
  if (!own || !key) return null
  const entries = (await readdir(proc).catch(() => [] as string[])).filter((n) => /^\d+$/.test(n)).map(Number)
  const matched = new Map<number, { env: Map<string, string>; ppid: number }>()
  await Promise.all(
    entries.map(async (p) => {
      const env = p === pid ? own : await readEnviron(p, proc)
      if (!env || jobKey(env) !== key) return
      const stat = await readProcess(p, proc)
      if (stat && stat.state !== 'Z') matched.set(p, { env, ppid: stat.ppid })
    }),
  )
  if (!matched.has(pid)) matched.set(pid, { env: own, ppid: -1 })
  const ranks = [...matched.entries()]
    .filter(([, m]) => !matched.has(m.ppid))
    .map(([p, m]) => ({ pid: p, rank: num(m.env.get('RANK')), localRank: num(m.env.get('LOCAL_RANK')) }))
    .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.pid - b.pid)
  return { key, worldSize: num(own.get('WORLD_SIZE')), ranks }
}
