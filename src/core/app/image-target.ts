import type { EngineInfo } from '../../shared/docker'
import { prepareContainerTarget, type ContainerTargetOptions } from '../domain/container/container-target'
import { ContainerProblemError } from '../platform/errors'
import type { ProbeRunner } from '../platform/probe/run-probe'
import { readHostDriver } from './host-driver'

export interface ImageTargetOptions extends Omit<ContainerTargetOptions, 'host' | 'env' | 'probeScript'> {
  /** Said once the image is ready to run: which one (normalised) and on which engine. */
  onPrepared?: (prepared: { image: string; engine: EngineInfo }) => void
}

/**
 * A probe runner in a container of `image`, for `diagnose --image`, the app's container target and
 * `compare`: the host's driver is read first (to judge the image's NVIDIA_REQUIRE_CUDA), then the
 * name, the engine and the image are checked. Throws ContainerProblemError with the explanation.
 */
export async function prepareImageTarget(options: ImageTargetOptions & { nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv }): Promise<ProbeRunner> {
  const { nvidiaSmiPath, onPrepared, ...target } = options
  const host = await readHostDriver({ nvidiaSmiPath, env: options.env, signal: options.signal })
  const prepared = await prepareContainerTarget({ ...target, host })
  if (!prepared.ok) throw new ContainerProblemError(prepared.problem)
  onPrepared?.({ image: prepared.image, engine: prepared.connection.info })
  return prepared.runner
}
