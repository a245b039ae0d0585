import { abortableSleep } from './abortable-sleep'

/**
 * Time as the code that waits on it sees it: the real one in production (realClock), a test's own
 * in tests, which moves time itself, so a 10 s deadline or a 3 s watch costs the test no real time.
 * Code that waits, times out or samples once a second takes a Clock and defaults to realClock.
 */
export interface Clock {
  /** Milliseconds on a monotonic scale: durations, deadlines, when a sample arrived. */
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts; never rejects (callers check the signal). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /**
   * Calls `fn` once after `ms`; returns what cancels it. `keepAlive: false`: a real timer that does
   * not keep the process alive on its own (a deadline nobody waits for any more).
   */
  after(ms: number, fn: () => void, options?: { keepAlive?: boolean }): () => void
  /** Calls `fn` every `ms` until cancelled; returns what cancels it. */
  every(ms: number, fn: () => void): () => void
}

/** The machine's clock: performance.now(), setTimeout, setInterval. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: abortableSleep,
  after(ms, fn, options) {
    const timer = setTimeout(fn, ms)
    if (options?.keepAlive === false) timer.unref()
    return () => clearTimeout(timer)
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms)
    return () => clearInterval(timer)
  },
}
