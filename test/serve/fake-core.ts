import type { EventChannel, InvokeChannel } from '../../src/shared/channels'
import type { Envelope, EventPayload, InvokeResult } from '../../src/shared/contract'
import type { CoreService } from '../../src/core/app/service/types'

type AnyListener = (payload: unknown) => void

/** A tiny CoreService: records calls, answers from a table, and lets the test emit events. */
export class FakeCore implements CoreService {
  readonly calls: Array<{ channel: InvokeChannel; args: unknown[] }> = []
  readonly listeners = new Map<EventChannel, Set<AnyListener>>()
  answer: (channel: InvokeChannel, args: unknown[]) => Envelope<unknown> = (channel) => ({
    ok: true,
    value: { channel },
  })
  throwOnInvoke = false
  disposed = false

  async invoke<C extends InvokeChannel>(channel: C, rawArgs: unknown[]): Promise<Envelope<InvokeResult<C>>> {
    this.calls.push({ channel, args: rawArgs })
    if (this.throwOnInvoke) throw new Error('boom')
    // The table answers whatever a test needs, shaped or not: serve must pass it on untouched.
    return this.answer(channel, rawArgs) as Envelope<InvokeResult<C>>
  }

  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set<AnyListener>()
    this.listeners.set(channel, set)
    const l = listener as AnyListener
    set.add(l)
    return () => set.delete(l)
  }

  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    for (const l of this.listeners.get(channel) ?? []) l(payload)
  }

  listenerCount(): number {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }

  async dispose(): Promise<void> {
    this.disposed = true
  }
}
