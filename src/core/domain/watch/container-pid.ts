import type Docker from 'dockerode'

import { connectEngine } from '../../platform/docker/connect'
import { engineSegment, isContainerRef } from '../../platform/docker/engine-path'
import { WatchError } from './errors'
import { interpolate } from '../../../shared/i18n/interpolate'
import { watchEn } from '../../../shared/i18n/watch'
import { timeoutSignal } from '../../platform/util/deadline'

const INSPECT_DEADLINE_MS = 5_000

function fail(reason: 'no-engine' | 'no-container' | 'container-not-running' | 'bad-container-name', key: keyof typeof watchEn, params: Record<string, string>): never {
  throw new WatchError(reason, params, interpolate(watchEn[key], params))
}

/** The engine's answer when a container is missing: HTTP 404. */
const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404

/**
 * The host PID of a running container's main process (State.Pid of `docker inspect`), so watch can
 * follow it and its children. A clear error when there is no engine, no such container, or it is not running.
 */
export async function containerMainPid(name: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!isContainerRef(name)) fail('bad-container-name', 'error.badContainerName', { name })
  const connection = await connectEngine(env)
  if (!connection.ok) fail('no-engine', 'error.noEngine', { name, reason: `${connection.problem.message} (${connection.endpoint})` })
  let inspect: Docker.ContainerInspectInfo
  try {
    inspect = await connection.docker.getContainer(engineSegment(name)).inspect({ abortSignal: timeoutSignal(INSPECT_DEADLINE_MS) } as Docker.ContainerInspectOptions)
  } catch (error) {
    if (isNotFound(error)) fail('no-container', 'error.noContainer', { name })
    fail('no-engine', 'error.noEngine', { name, reason: error instanceof Error ? error.message : String(error) })
  }
  const pid = inspect.State?.Pid ?? 0
  if (!inspect.State?.Running || pid <= 0) fail('container-not-running', 'error.containerNotRunning', { name, state: inspect.State?.Status ?? 'unknown' })
  return pid
}
