import { describe, expect, it } from 'vitest'

import { pullImage } from '../../../src/core/platform/docker/pull-image'
import { stallingRegistry } from '../../helpers/stalling-registry'
import { ENDPOINT, engine, RUN } from './engine'

describe.skipIf(!RUN)('a registry that stalls mid-layer, pulled through the real engine', () => {
  it('the pull is abandoned at its stall deadline with a timeout, after real progress on the layer', async () => {
    const registry = await stallingRegistry()
    try {
      const started = Date.now()
      let lastProgressAt = started
      let bytesSeen = 0
      const r = await pullImage(engine(), registry.ref, {
        endpoint: ENDPOINT,
        stallMs: 3_000,
        onProgress: (s) => {
          if (s.bytesDone > bytesSeen) lastProgressAt = Date.now()
          bytesSeen = Math.max(bytesSeen, s.bytesDone)
        },
      })
      expect(r.ok ? 'ok' : r.problem).toMatchObject({ code: 'timeout', message: 'The pull made no progress for 3 s: the engine or the registry stalled.' })
      // The engine got part of the layer (the stall is mid-layer), then nothing for the deadline.
      expect(registry.requests.some((q) => q.startsWith('GET /v2/gd-test/stall/blobs/'))).toBe(true)
      expect(bytesSeen).toBeGreaterThan(0)
      expect(bytesSeen).toBeLessThanOrEqual(registry.sentBeforeStall)
      expect(Date.now() - lastProgressAt).toBeLessThan(3_000 + 2_000)
      expect(Date.now() - started).toBeLessThan(30_000)
    } finally {
      await registry.close()
    }
  }, 60_000)

  it('cancelling during the stall ends the pull at once', async () => {
    const registry = await stallingRegistry()
    try {
      const ac = new AbortController()
      const pending = pullImage(engine(), registry.ref, { endpoint: ENDPOINT, signal: ac.signal, stallMs: 60_000 })
      const until = Date.now() + 20_000
      while (!registry.requests.some((q) => q.startsWith('GET /v2/gd-test/stall/blobs/')) && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      await new Promise((r) => setTimeout(r, 1_000))
      const cancelledAt = Date.now()
      ac.abort()
      const r = await pending
      expect(r.ok ? 'ok' : r.problem.code).toBe('cancelled')
      expect(Date.now() - cancelledAt).toBeLessThan(4_000)
    } finally {
      await registry.close()
    }
  }, 60_000)
})
