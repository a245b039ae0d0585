import type Docker from 'dockerode'

import type { DockerProblem, EngineInfo } from '../../../shared/docker'
import { chooseEndpoint, createDockerClient, describeEndpoint, type EndpointChoice, type Endpoint } from './endpoint'
import { apiAtLeast, MIN_API_VERSION, readEngineInfo } from './engine-info'
import { explainDockerError } from './explain-error'
import { type Clock, realClock } from '../util/clock'

/**
 * Podman answers GET /version by running conmon and the OCI runtime: 1.6 to 2.5 s measured on a
 * 2-core build machine, more under load. A missing or refused socket still fails at once.
 */
export const CONNECT_TIMEOUT_MS = 8_000

export type Connection =
  | { ok: true; docker: Docker; endpoint: Endpoint; info: EngineInfo }
  | { ok: false; endpoint: string; problem: DockerProblem }

/**
 * Finds the engine DOCKER_HOST names (or the default socket), pings it under a deadline and
 * reads its facts. Never throws: a missing socket, a refused connection or an engine too old for
 * `--gpus` come back as a problem naming the endpoint that was tried. The deadline runs on `clock`.
 */
export async function connectEngine(env: NodeJS.ProcessEnv = process.env, timeoutMs = CONNECT_TIMEOUT_MS, clock: Clock = realClock): Promise<Connection> {
  let endpoint: Endpoint
  let choice: EndpointChoice
  try {
    choice = chooseEndpoint(env)
    endpoint = choice.endpoint
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, endpoint: env.DOCKER_HOST ?? '', problem: { code: 'failed', failureModeId: null, message: detail, fix: 'Unset DOCKER_HOST or set it to unix:///var/run/docker.sock or tcp://HOST:2376.', detail } }
  }
  const where = describeEndpoint(endpoint)
  const docker = createDockerClient(endpoint, env)
  try {
    const info = await readEngineInfo(docker, where, timeoutMs, choice.reason, clock)
    if (!apiAtLeast(info.apiVersion, MIN_API_VERSION)) {
      const detail = `Engine API ${info.apiVersion ?? '?'} (Docker ${info.serverVersion ?? '?'}) at ${where}`
      return { ok: false, endpoint: where, problem: { ...explainDockerError(new Error('client version 1.40 is too new'), where), detail } }
    }
    return { ok: true, docker, endpoint, info }
  } catch (error) {
    return { ok: false, endpoint: where, problem: explainDockerError(error, where) }
  }
}
