import { connectEngine } from './connect'
import { sweepLeftovers } from './sweep'
import { timeoutSignal } from '../util/deadline'

export interface EngineSweepOptions {
  /** The whole sweep (connect, list, removals) ends by then; what is left waits for the next one. */
  deadlineMs?: number
}

/**
 * The sweep for front ends that do not otherwise need Docker (status, serve and the app at start
 * and on quit): connects briefly, removes labelled leftovers of dead gpu-doctor processes, and
 * never fails or hangs its caller. No engine, or GPU_DOCTOR_NO_SWEEP=1, means nothing to do.
 */
export async function sweepEngine(env: NodeJS.ProcessEnv = process.env, options: EngineSweepOptions = {}): Promise<string[]> {
  if (env.GPU_DOCTOR_NO_SWEEP === '1') return []
  const deadline = timeoutSignal(options.deadlineMs ?? 5_000)
  try {
    const connection = await connectEngine(env, 1_500)
    if (!connection.ok || deadline.aborted) return []
    return await sweepLeftovers(connection.docker, {}, deadline)
  } catch {
    return []
  }
}
