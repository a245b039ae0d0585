import type { CompareResult } from '../../shared/docker'
import { compareOutcomes } from '../domain/container/compare-outcomes'
import type { GpuSelection } from '../platform/docker/container-options'
import { prepareContainerTarget } from '../domain/container/container-target'
import { runProbe, type ProbeOutcome, type ProbeRunner } from '../platform/probe/run-probe'
import { CONTAINER_PYTHON, defaultPython } from './default-python'
import { CancelledError, ContainerProblemError, NoPythonError } from '../platform/errors'
import { readHostDriver } from './host-driver'

export const HOST_TARGET = 'host'

export interface CompareTargetsOptions {
  /** Each an image reference or 'host'. */
  a: string
  b: string
  /** The host side's interpreter; an image side always uses the image's own `python3`. */
  python?: string
  gpus?: GpuSelection
  shmSizeBytes?: number
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** Before each side runs, to say which one. */
  onRunning?: (target: string) => void
  onSwept?: (ids: string[]) => void
}

/**
 * The A/B comparison of the CLI's `compare` and the app's Images page: the same conv probe on
 * both sides, one after the other so they never share the GPU. Throws NoPythonError (host side,
 * no Python), ContainerProblemError (image side cannot run) or CancelledError.
 */
export async function compareTargets(options: CompareTargetsOptions): Promise<CompareResult> {
  const env = options.env ?? process.env
  const outcomes: ProbeOutcome[] = []
  let host: Awaited<ReturnType<typeof readHostDriver>> | undefined
  for (const target of [options.a, options.b]) {
    if (options.signal?.aborted) throw new CancelledError()
    let runner: ProbeRunner | undefined
    let python: string | null
    if (target === HOST_TARGET) {
      python = await defaultPython({ explicit: options.python, env })
      if (!python) throw new NoPythonError()
    } else {
      host ??= await readHostDriver({ nvidiaSmiPath: options.nvidiaSmiPath, env, signal: options.signal })
      const prepared = await prepareContainerTarget({ env, image: target, gpus: options.gpus, shmSizeBytes: options.shmSizeBytes, host, onSwept: options.onSwept })
      if (!prepared.ok) throw new ContainerProblemError(prepared.problem)
      runner = prepared.runner
      python = CONTAINER_PYTHON
    }
    options.onRunning?.(target)
    outcomes.push(await runProbe({ runner, python, workloads: ['conv'], env, signal: options.signal }))
  }
  if (options.signal?.aborted) throw new CancelledError()
  return compareOutcomes(options.a, outcomes[0]!, options.b, outcomes[1]!)
}
