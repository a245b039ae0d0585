import type { EngineInfo, LocalImage } from '../../shared/docker'
import { listLocalImages } from '../domain/container/local-images'
import type { HostDriver } from '../domain/container/require-cuda'
import { connectEngine } from '../platform/docker/connect'
import { explainDockerError } from '../platform/docker/explain-error'
import { sweepLeftovers } from '../platform/docker/sweep'
import type { Clock } from '../platform/util/clock'
import { ContainerProblemError } from '../platform/errors'
import { readHostDriver } from './host-driver'

export interface ImageListing {
  engine: EngineInfo
  host: HostDriver
  images: LocalImage[]
}

/**
 * `gpu-doctor images`: the engine's local images with their PyTorch, CUDA and cuDNN, and whether
 * this machine's driver can run each. Leftovers of killed runs are swept first (`onSwept`).
 * An engine that is down, or that answers its ping but hangs on the list: ContainerProblemError.
 */
export async function listImages(options: { nvidiaSmiPath?: string; env: NodeJS.ProcessEnv; signal?: AbortSignal; clock?: Clock; onSwept?: (ids: string[]) => void }): Promise<ImageListing> {
  const conn = await connectEngine(options.env, undefined, options.clock)
  if (!conn.ok) throw new ContainerProblemError(conn.problem)
  const swept = options.env.GPU_DOCTOR_NO_SWEEP === '1' ? [] : await sweepLeftovers(conn.docker, {}, options.signal, options.clock).catch(() => [])
  if (swept.length) options.onSwept?.(swept)
  const host = await readHostDriver(options)
  try {
    return { engine: conn.info, host, images: await listLocalImages(conn.docker, host, options.signal, options.clock) }
  } catch (error) {
    throw new ContainerProblemError(explainDockerError(error, conn.info.endpoint))
  }
}
