import type { Clock } from '../../src/core/platform/util/clock'

interface Timer {
  at: number
  seq: number
  fn: () => void
  every: number | null
}

/** Lets promise reactions and finished I/O callbacks run: a few turns of the event loop, no timer. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

/**
 * A Clock whose time moves only when told: `advance(ms)` fires every timer that falls due on the way,
 * in order. With `sleepAdvances`, a sleep moves time itself, to its end (firing what falls due on the
 * way), as if the code under test were the only thing waiting: a 3 s watch runs in no real time.
 */
export class TestClock implements Clock {
  private time: number
  private seq = 0
  private readonly timers = new Map<number, Timer>()
  private readonly sleepAdvances: boolean

  constructor(options: { start?: number; sleepAdvances?: boolean } = {}) {
    this.time = options.start ?? 0
    this.sleepAdvances = options.sleepAdvances ?? false
  }

  now(): number {
    return this.time
  }

  after(ms: number, fn: () => void): () => void {
    return this.add(ms, fn, null)
  }

  every(ms: number, fn: () => void): () => void {
    return this.add(ms, fn, Math.max(1, ms))
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return
    if (!this.sleepAdvances) {
      return new Promise<void>((resolve) => {
        const done = () => {
          cancel()
          signal?.removeEventListener('abort', done)
          resolve()
        }
        const cancel = this.after(ms, done)
        signal?.addEventListener('abort', done, { once: true })
      })
    }
    let woken = false
    const cancel = this.after(ms, () => (woken = true))
    // Fire what falls due before this sleep ends; a timer that aborts the signal ends it there.
    while (!woken && !signal?.aborted) await this.fireNext(Infinity)
    cancel()
  }

  /** Moves time forward by `ms`, firing each timer due on the way at its own time, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms
    while (await this.fireNext(end));
    this.time = Math.max(this.time, end)
    await settle()
  }

  /** Timers not yet fired (a deadline still armed, a sampler still running). */
  get pending(): number {
    return this.timers.size
  }

  private add(ms: number, fn: () => void, every: number | null): () => void {
    const seq = ++this.seq
    this.timers.set(seq, { at: this.time + Math.max(0, ms), seq, fn, every })
    return () => void this.timers.delete(seq)
  }

  /** Fires the earliest timer due by `limit`; false when there is none. */
  private async fireNext(limit: number): Promise<boolean> {
    let next: Timer | null = null
    for (const t of this.timers.values()) if (t.at <= limit && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t
    if (!next) return false
    this.time = Math.max(this.time, next.at)
    if (next.every === null) this.timers.delete(next.seq)
    else next.at += next.every
    next.fn()
    await settle(1)
    return true
  }
}
