export interface Coalescer<T> {
  push(item: T): void
  /** Delivers what is pending now (tests, teardown). */
  flush(): void
  dispose(): void
}

/**
 * Batches items and delivers them at most once per `waitMs`, so a burst of samples (several
 * GPUs, a reconnect, a tab back from the background) costs one store update and one render.
 */
export function createCoalescer<T>(
  deliver: (items: T[]) => void,
  waitMs: number,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
): Coalescer<T> {
  let pending: T[] = []
  let timer: unknown = null

  function flush(): void {
    if (timer !== null) timers.clear(timer)
    timer = null
    if (pending.length === 0) return
    const batch = pending
    pending = []
    deliver(batch)
  }

  return {
    push(item) {
      pending.push(item)
      timer ??= timers.set(flush, waitMs)
    },
    flush,
    dispose() {
      if (timer !== null) timers.clear(timer)
      timer = null
      pending = []
    },
  }
}
