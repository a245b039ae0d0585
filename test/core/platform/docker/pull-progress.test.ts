import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { PullAggregator, type PullEvent } from '../../../../src/core/platform/docker/pull-progress'

// A real pull of 127.0.0.1:5000/gpu-doctor-test/pull:layers (two layers of random bytes) from Docker 20.10.
const events: PullEvent[] = readFileSync(new URL('../../../fixtures/docker/pull-events.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as PullEvent)

describe('PullAggregator', () => {
  it('follows a real pull to the end: per-layer bytes, the total, the digest, finished', () => {
    const agg = new PullAggregator()
    const percents: Array<number | null> = []
    for (const e of events) {
      agg.add(e)
      percents.push(agg.snapshot().percent)
    }
    const s = agg.snapshot()
    expect(s.layers.map((l) => l.id)).toEqual(['99f7a0b0047f', 'a79c044ce056'])
    expect(s.layers.every((l) => l.done && l.current === l.total)).toBe(true)
    expect(s.bytesTotal).toBe(12586942 + 8391321)
    expect(s.bytesDone).toBe(s.bytesTotal)
    expect(s.layersDone).toBe(2)
    expect(s.percent).toBe(100)
    expect(agg.finished).toBe(true)
    expect(agg.upToDate).toBe(false)
    expect(agg.digest).toBe('sha256:2044a12e94ff3ae244ac9769bc522e894aa5ac4c1d2c4a9419b01d781037b6a9')
    expect(agg.error).toBeNull()
    // Unknown until a layer reports its size, then rising, never above 100.
    expect(percents[0]).toBeNull()
    const known = percents.filter((p): p is number => p !== null)
    expect(known.every((p, i) => i === 0 || p >= known[i - 1]! || p === 100)).toBe(true)
    expect(Math.max(...known)).toBe(100)
  })

  it('mid-download: bytes of the layers that started, the others still unknown', () => {
    const agg = new PullAggregator()
    for (const e of events.slice(0, 4)) agg.add(e)
    const s = agg.snapshot()
    expect(s.layers).toHaveLength(2)
    expect(s.bytesDone).toBe(131072)
    expect(s.bytesTotal).toBe(12586942)
    expect(s.percent).toBeCloseTo((131072 / 12586942) * 100)
    expect(agg.finished).toBe(false)
  })

  it('keeps the first error line, which arrives inside an HTTP 200 stream', () => {
    const agg = new PullAggregator()
    agg.add({ status: 'Pulling from library/x', id: 'latest' })
    agg.add({ errorDetail: { message: 'write /var/lib/docker/tmp/GetImageBlob1: no space left on device' }, error: 'write …: no space left on device' })
    agg.add({ error: 'a second error' })
    expect(agg.error).toMatch(/no space left on device/)
    expect(agg.finished).toBe(false)
  })

  it('counts layers that already exist as done, with no bytes, and an up-to-date pull as finished', () => {
    const agg = new PullAggregator()
    agg.add({ status: 'Already exists', id: 'aaa', progressDetail: {} })
    agg.add({ status: 'Digest: sha256:abc' })
    agg.add({ status: 'Status: Image is up to date for x:latest' })
    expect(agg.snapshot()).toMatchObject({ layersDone: 1, bytesTotal: 0, percent: 100 })
    expect(agg.upToDate).toBe(true)
  })
})
