import { randomBytes } from 'node:crypto'

import { FLEET_MAX_BYTES, type FleetTable } from '../../shared/fleet'
import { mergeReports, type FleetInput } from '../domain/report'
import { cancelJobs, listNodes, type SlurmNode } from '../platform/slurm/sinfo'
import { SlurmError } from '../platform/slurm/slurm-error'
import { runNodeTask, type NodeTaskResult } from '../platform/slurm/srun'

/** More sruns at once than this only queue in slurmctld; the rest wait their turn here. */
const CONCURRENCY = 32

export interface SlurmFleetOptions {
  partition?: string
  /** A Slurm hostlist (`gpu[001-016]`), or how many of the partition's usable nodes to take. */
  nodes?: string | number
  gpusPerNode?: number
  image?: string
  /** What each node runs; it prints one JSON report on stdout. */
  command: readonly string[]
  timeoutMs: number
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
  onNode?: (result: { node: string; state: FleetInput['state'] }) => void
}

export interface SlurmFleetResult {
  table: FleetTable
  /** One per node, in sinfo's order: what was merged (the reports, for saving them). */
  inputs: FleetInput[]
}

async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function unusableInput(n: SlurmNode): FleetInput {
  // The reason an admin gave, then sinfo's own word for the state (drain, drng, down*, idle*).
  return { name: n.name, text: '', state: n.unusable!, detail: n.reason ? `${n.reason} (sinfo: ${n.slurmState})` : `sinfo: ${n.slurmState}` }
}

/**
 * One report per node through the scheduler the cluster already has: sinfo says which nodes there
 * are and which take jobs, one srun per node runs the report there, and the JSON each prints is
 * merged. Drained, down or silent nodes and failed, timed-out or flooding tasks are rows that say so.
 */
export async function runSlurmFleet(o: SlurmFleetOptions): Promise<SlurmFleetResult> {
  const listed = await listNodes({ partition: o.partition, nodes: typeof o.nodes === 'string' ? o.nodes : undefined, env: o.env, signal: o.signal })
  let usable = listed.filter((n) => n.unusable === null)
  if (typeof o.nodes === 'number') usable = usable.slice(0, o.nodes)
  if (listed.length === 0) throw new SlurmError('no-nodes', 'sinfo lists no node for this partition and node list')
  const jobName = `gpu-doctor-${process.pid}-${randomBytes(3).toString('hex')}`
  let results: NodeTaskResult[] = []
  try {
    results = await pool(usable, CONCURRENCY, async (n) => {
      const r = await runNodeTask({
        node: n.name,
        jobName,
        partition: o.partition,
        gpusPerNode: o.gpusPerNode,
        image: o.image,
        command: o.command,
        timeoutMs: o.timeoutMs,
        maxOutputBytes: FLEET_MAX_BYTES,
        env: o.env,
        signal: o.signal,
      })
      o.onNode?.({ node: n.name, state: r.state })
      return r
    })
  } finally {
    // A killed srun may leave its job queued or running; nothing of this run outlives it.
    if (o.signal?.aborted || results.length === 0 || results.some((r) => r.state === 'timed-out' || r.state === 'too-much-output' || r.cancelled)) await cancelJobs(jobName, o.env)
  }
  const byNode = new Map(results.map((r) => [r.node, r]))
  const inputs = listed
    .filter((n) => n.unusable !== null || byNode.has(n.name))
    .map((n): FleetInput => {
      if (n.unusable !== null) return unusableInput(n)
      const r = byNode.get(n.name)!
      return { name: n.name, text: r.stdout, state: r.state, detail: r.detail }
    })
  return { table: mergeReports(inputs), inputs }
}
