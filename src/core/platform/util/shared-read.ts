/**
 * One read for many callers: while a read is under way every caller gets its promise, and its
 * answer stays fresh for `freshMs` after it settles (a rejection is not kept). A hundred
 * concurrent `gpu:get-state` calls then start one nvidia-smi, not a hundred.
 */
export function sharedRead<T>(read: () => Promise<T>, options: { freshMs?: number; now?: () => number } = {}): () => Promise<T> {
  const freshMs = options.freshMs ?? 250
  const now = options.now ?? Date.now
  let inFlight: Promise<T> | null = null
  let last: { value: T; at: number } | null = null
  return () => {
    if (last && now() - last.at < freshMs) return Promise.resolve(last.value)
    if (inFlight) return inFlight
    const p = read().then((value) => {
      last = { value, at: now() }
      return value
    })
    inFlight = p
    const clear = () => {
      if (inFlight === p) inFlight = null
    }
    p.then(clear, clear)
    return p
  }
}
