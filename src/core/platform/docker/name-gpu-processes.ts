import type { GpuProcess } from '../../../shared/gpu'
import { containerFromCgroup, readProcessCgroup } from './cgroup-container'
import { connectEngine } from './connect'
import { withSignals } from './with-signals'
import { oneLine } from '../../../shared/one-line'
import { timeoutSignal } from '../util/deadline'

/** Container id → name, from one list call to the engine (null when the engine is down). */
export type ContainerNames = () => Promise<Map<string, string> | null>

/**
 * Fills `container` of each GPU process: host PID → /proc/PID/cgroup → container id → name.
 * A container the engine does not know (another runtime, or the engine is down) shows its short id.
 */
export async function nameGpuProcesses(
  processes: GpuProcess[],
  names: ContainerNames,
  readCgroup: (pid: number) => Promise<string | null> = readProcessCgroup,
): Promise<GpuProcess[]> {
  const ids = await Promise.all(processes.map(async (p) => (p.pid === null ? null : containerFromCgroup((await readCgroup(p.pid)) ?? ''))))
  if (ids.every((id) => id === null)) return processes
  const known = await names().catch(() => null)
  return processes.map((p, i) => {
    const c = ids[i]
    if (!c) return p
    return { ...p, container: known?.get(c.id) ?? `${c.runtime}:${c.id.slice(0, 12)}` }
  })
}

/** Names of the running containers, keyed by full id, under a deadline. */
export function engineContainerNames(list: (signal: AbortSignal) => Promise<Array<{ Id: string; Names?: string[] }>>, timeoutMs = 2_000): ContainerNames {
  return async () => {
    const containers = await list(timeoutSignal(timeoutMs))
    return new Map(containers.map((c) => [c.Id, oneLine((c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''))]))
  }
}

/**
 * `readGpuState`'s `nameProcesses` for front ends without an engine monitor (the CLI): connects
 * only when a GPU process runs in a container, with a short deadline.
 */
export function dockerProcessNamer(env: NodeJS.ProcessEnv = process.env): (processes: GpuProcess[]) => Promise<GpuProcess[]> {
  return (processes) =>
    nameGpuProcesses(processes, async () => {
      const c = await connectEngine(env, 1_500)
      if (!c.ok) return null
      return engineContainerNames((signal) => withSignals(c.docker).listContainers({ abortSignal: signal }))()
    })
}
