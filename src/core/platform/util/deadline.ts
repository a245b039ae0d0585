/**
 * A signal that aborts after `ms`, held by its own timer until then. AbortSignal.timeout() inside
 * AbortSignal.any() is not: nothing listens on it directly, so a garbage collection during the wait
 * can take it and the deadline never comes (`gpu-doctor images` against an engine that hangs after its
 * ping waited forever once the split CLI's compile made a collection likely). The timer is unref'd, as
 * AbortSignal.timeout's is: it never keeps the process alive.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController()
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref()
  return controller.signal
}

/** Aborts after `ms`, or when `signal` does, whichever comes first. */
export function deadlineSignal(ms: number, signal?: AbortSignal | null): AbortSignal {
  const deadline = timeoutSignal(ms)
  return signal ? AbortSignal.any([signal, deadline]) : deadline
}
