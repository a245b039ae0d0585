import { connectEngine } from '../platform/docker/connect'
import { ContainerProblemError } from '../platform/errors'
import { pullImage as pullWith, type PullOptions, type PullResult } from '../platform/docker/pull-image'

export interface PullImageOptions extends Omit<PullOptions, 'endpoint'> {
  env: NodeJS.ProcessEnv
  /** The engine answered and the pull begins there. */
  onPulling?: (endpoint: string) => void
}

/**
 * `gpu-doctor pull IMAGE`: the engine DOCKER_HOST names (ContainerProblemError when it does not
 * answer) pulls `reference`, with per-layer and total progress. A failed pull is a result that says why.
 */
export async function pullImage(reference: string, options: PullImageOptions): Promise<PullResult> {
  const { env, onPulling, ...pull } = options
  const conn = await connectEngine(env, undefined, pull.clock)
  if (!conn.ok) throw new ContainerProblemError(conn.problem)
  onPulling?.(conn.info.endpoint)
  return pullWith(conn.docker, reference, { ...pull, endpoint: conn.info.endpoint })
}
