import { hostname } from 'node:os'

import type Docker from 'dockerode'

import { pidAlive } from '../process/pid-alive'
import { MANAGED_LABEL, OWNER_HOST_LABEL, OWNER_PID_LABEL } from './container-spec'
import { withSignals } from './with-signals'
import { engineSegment } from './engine-path'
import { deadlineSignal } from '../util/deadline'
import { type Clock, realClock } from '../util/clock'

export interface LeftoverContext {
  host: string
  now: number
  /** Whether a process of this machine still runs. */
  isAlive: (pid: number) => boolean
  /** Past this age a container is a leftover whoever started it (a probe never runs this long). */
  maxAgeMs: number
}

interface Labelled {
  Labels?: Record<string, string>
  Created?: number
}

/**
 * A labelled container nobody owns any more: its gpu-doctor process on this machine is dead, or
 * it is older than any probe run. Containers of a live gpu-doctor (another window, another CLI)
 * are left alone.
 */
export function isLeftover(c: Labelled, ctx: LeftoverContext): boolean {
  const labels = c.Labels ?? {}
  if (labels[MANAGED_LABEL] !== 'true') return false
  const ageMs = c.Created ? ctx.now - c.Created * 1000 : 0
  if (ageMs > ctx.maxAgeMs) return true
  const pid = Number(labels[OWNER_PID_LABEL])
  if (labels[OWNER_HOST_LABEL] !== ctx.host || !Number.isInteger(pid) || pid <= 0) return false
  return !ctx.isAlive(pid)
}

/** Force-removes every container matching these label filters; returns the ids removed. `signal` ends it early; the deadlines run on `clock`. */
export async function removeContainers(docker: Docker, labels: string[], keep: (c: Docker.ContainerInfo) => boolean = () => false, signal?: AbortSignal, clock: Clock = realClock): Promise<string[]> {
  const within = (ms: number) => deadlineSignal(ms, signal, clock)
  const list = await withSignals(docker).listContainers({ all: true, filters: { label: labels }, abortSignal: within(10_000) })
  const removed: string[] = []
  for (const c of list) {
    if (keep(c)) continue
    if (signal?.aborted) break
    try {
      await docker.getContainer(engineSegment(c.Id)).remove({ force: true, abortSignal: within(180_000) })
      removed.push(c.Id)
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) removed.push(c.Id)
    }
  }
  return removed
}

/**
 * Removes labelled containers left by a crashed or killed gpu-doctor. Run before `diagnose --image`,
 * by `images` and `status`, and when serve or the app starts and quits (see sweep-engine.ts).
 */
export function sweepLeftovers(docker: Docker, ctx: Partial<LeftoverContext> = {}, signal?: AbortSignal, clock: Clock = realClock): Promise<string[]> {
  const full: LeftoverContext = { host: hostname(), now: Date.now(), isAlive: pidAlive, maxAgeMs: 6 * 3600_000, ...ctx }
  return removeContainers(docker, [`${MANAGED_LABEL}=true`], (c) => !isLeftover(c, full), signal, clock)
}
