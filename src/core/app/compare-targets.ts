import type { CompareResult } from '../../shared/docker'
import { compareOutcomes } from '../domain/container/compare-outcomes'
import type { GpuSelection } from '../platform/docker/container-options'
import { runProbe, type ProbeOutcome } from '../platform/probe/run-probe'
import { CancelledError } from '../platform/errors'
import { CONTAINER_PYTHON } from './default-python'
import { prepareImageTarget } from './image-target'
import { resolvePython, type InterpreterAllowlist } from './resolve-python'

export const HOST_TARGET = 'host'

export interface CompareTargetsOptions {
  /** Each an image reference or 'host'. */
  a: string
  b: string
  /** The host side's interpreter; an image side always uses the image's own `python3`. */
  python?: string
  /** Where a page names the host side's interpreter (the app, serve): it must be allowed first. */
  allowlist?: InterpreterAllowlist
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
 * both sides, one after the other so they never share the GPU. The host's Python is settled before
 * either side runs. Throws NoPythonError, BadInterpreterError or InterpreterNotAllowedError (host
 * side), ContainerProblemError (image side cannot run) or CancelledError.
 */
export async function compareTargets(options: CompareTargetsOptions): Promise<CompareResult> {
  const env = options.env ?? process.env
  if (options.signal?.aborted) throw new CancelledError()
  const hostPython = [options.a, options.b].includes(HOST_TARGET) ? await resolvePython({ explicit: options.python, allowlist: options.allowlist, env }) : null
  const outcomes: ProbeOutcome[] = []
  for (const target of [options.a, options.b]) {
    if (options.signal?.aborted) throw new CancelledError()
    const onHost = target === HOST_TARGET
    const runner = onHost
      ? undefined
      : await prepareImageTarget({ image: target, gpus: options.gpus, shmSizeBytes: options.shmSizeBytes, onSwept: options.onSwept, nvidiaSmiPath: options.nvidiaSmiPath, env })
    options.onRunning?.(target)
    outcomes.push(await runProbe({ runner, python: onHost ? hostPython! : CONTAINER_PYTHON, workloads: ['conv'], env, signal: options.signal }))
  }
  if (options.signal?.aborted) throw new CancelledError()
  return compareOutcomes(options.a, outcomes[0]!, options.b, outcomes[1]!)
}
