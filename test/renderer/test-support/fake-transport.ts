import { vi } from 'vitest'

import type { EventChannel, InvokeChannel } from '../../../src/shared/channels'
import type { Envelope } from '../../../src/shared/contract'
import type { RendererTransport } from '../../../src/renderer/transport'

/** An answer: an envelope, or a function of the arguments (a pending promise holds the answer back). */
export type Answer = Envelope<unknown> | ((...args: unknown[]) => Promise<Envelope<unknown>> | Envelope<unknown>)

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value })
export const err = (message: string, code = 'internal'): Envelope<never> => ({ ok: false, error: { code, message } })

/** A transport whose invokes are answered from a table and whose events the test emits. */
export function fakeTransport(answers: Partial<Record<InvokeChannel, Answer>>) {
  const calls: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  const transport = {
    invoke: vi.fn(async (channel: InvokeChannel, ...args: unknown[]) => {
      calls.push({ channel, args })
      const a = answers[channel]
      if (!a) return err(`no answer for ${channel}`)
      return typeof a === 'function' ? a(...args) : a
    }),
    on: (channel: EventChannel, l: (p: unknown) => void) => {
      const set = listeners.get(channel) ?? new Set()
      set.add(l)
      listeners.set(channel, set)
      return () => set.delete(l)
    },
  } as unknown as RendererTransport
  const emit = (channel: EventChannel, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l(payload)
  }
  const callsOf = (channel: InvokeChannel) => calls.filter((c) => c.channel === channel)
  const listening = () => [...listeners.values()].reduce((n, s) => n + s.size, 0)
  return { transport, calls, callsOf, emit, listening, answers }
}

/** Lets queued promise callbacks run. */
export const flush = () => new Promise((r) => setTimeout(r, 0))

/** A promise with its resolve, for answers held back by the test. */
export function deferred<T>() {
  let resolve: (v: T) => void = () => undefined
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}
