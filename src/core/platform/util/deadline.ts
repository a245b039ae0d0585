import { type Clock, realClock } from './clock'

/**
 * A signal that aborts after `ms`, held by its own timer until then. AbortSignal.timeout() inside
 * AbortSignal.any() is not: nothing listens on it directly, so a garbage collection during the wait
 * can take it and the deadline never comes (`gpu-doctor images` against an engine that hangs after its
 * ping waited forever once the split CLI's compile made a collection likely). The real timer does not
 * keep the process alive, as AbortSignal.timeout's does not.
 */
export function timeoutSignal(ms: number, clock: Clock = realClock): AbortSignal {
  const controller = new AbortController()
  clock.after(ms, () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), { keepAlive: false })
  return controller.signal
}

/** Aborts after `ms`, or when `signal` does, whichever comes first. */
export function deadlineSignal(ms: number, signal?: AbortSignal | null, clock: Clock = realClock): AbortSignal {
  const deadline = timeoutSignal(ms, clock)
  return signal ? AbortSignal.any([signal, deadline]) : deadline
}
