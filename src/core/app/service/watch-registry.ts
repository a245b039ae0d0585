import { WATCH_MAX_PER_CLIENT, WATCH_MAX_TOTAL } from '../../../shared/constants'
import { interpolate } from '../../../shared/i18n/interpolate'
import { watchEn } from '../../../shared/i18n/watch'
import { WatchError } from '../../domain/watch/errors'
import type { Caller } from './types'

export interface WatchLimits {
  perClient: number
  total: number
}

/**
 * The watches under way, by the client that asked: each holds an nvidia-smi dmon (and pmon), so a
 * client may run only a few, all clients together a few more, a client cancels only its own, and a
 * watch stops when its client goes away (the request's connection closed, the window gone).
 */
export function createWatchRegistry(lifetime: AbortSignal, limits: WatchLimits = { perClient: WATCH_MAX_PER_CLIENT, total: WATCH_MAX_TOTAL }) {
  const watches = new Map<AbortController, string>()

  const refuse = (reason: 'too-many-for-client' | 'too-many-in-total', limit: number): never => {
    const params = { limit: String(limit) }
    const key = reason === 'too-many-for-client' ? 'error.tooManyForClient' : 'error.tooManyInTotal'
    throw new WatchError(reason, params, interpolate(watchEn[key], params))
  }

  return {
    /** Runs `work` as one of `caller`'s watches, or refuses before it starts when the caps are reached. */
    async run<T>(caller: Caller, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const mine = [...watches.values()].filter((id) => id === caller.id).length
      if (mine >= limits.perClient) refuse('too-many-for-client', limits.perClient)
      if (watches.size >= limits.total) refuse('too-many-in-total', limits.total)
      const controller = new AbortController()
      const stop = () => controller.abort()
      const signals = [lifetime, caller.signal].filter((s): s is AbortSignal => s !== undefined)
      for (const s of signals) s.addEventListener('abort', stop)
      if (signals.some((s) => s.aborted)) controller.abort()
      watches.set(controller, caller.id)
      try {
        return await work(controller.signal)
      } finally {
        watches.delete(controller)
        for (const s of signals) s.removeEventListener('abort', stop)
      }
    },
    /** Cancels the watches of `caller` only; answers how many. */
    cancel(caller: Caller): number {
      let cancelled = 0
      for (const [controller, id] of watches) {
        if (id !== caller.id) continue
        controller.abort()
        cancelled++
      }
      return cancelled
    },
    count: () => watches.size,
  }
}
