import { describe, expect, it, vi } from 'vitest'

import type { MonitorSample } from '../../../../src/shared/gpu'
import { createGpuStore } from '../../../../src/renderer/features/live/gpu-store'
import { RingBuffer } from '../../../../src/renderer/features/live/ring-buffer'

const sample = (time: number, util: number, indices = [0]): MonitorSample => ({
  time,
  gpus: indices.map((index) => ({
    index,
    utilizationGpu: util,
    utilizationMemory: null,
    memoryUsedMiB: 100,
    memoryTotalMiB: 1000,
    temperatureC: 40,
    powerW: null,
    powerLimitW: 700,
    smClockMHz: 1980,
  })),
})

describe('RingBuffer', () => {
  it('keeps the newest items, oldest first', () => {
    const ring = new RingBuffer<number>(3)
    expect(ring.toArray()).toEqual([])
    for (const n of [1, 2, 3, 4, 5]) ring.push(n)
    expect(ring.toArray()).toEqual([3, 4, 5])
    expect(ring.size).toBe(3)
  })

  it('rejects a useless capacity', () => {
    expect(() => new RingBuffer(0)).toThrow()
  })
})

describe('gpu store', () => {
  it('adds a batch in one update with per-GPU history capped at capacity', () => {
    const store = createGpuStore(3)
    const listener = vi.fn()
    store.subscribe(listener)
    store.getState().addSamples([1, 2, 3, 4].map((t) => sample(t * 1000, t * 10, [0, 1])))
    expect(listener).toHaveBeenCalledTimes(1)
    const s = store.getState()
    expect(s.sampleCount).toBe(4)
    expect(s.history[0]?.times).toEqual([2, 3, 4])
    expect(s.history[0]?.values.utilizationGpu).toEqual([20, 30, 40])
    expect(s.history[1]?.values.powerW).toEqual([null, null, null])
    expect(s.latest[1]?.utilizationGpu).toBe(40)
  })

  it('keeps other GPUs history objects when only one GPU reports', () => {
    const store = createGpuStore()
    store.getState().addSamples([sample(1000, 1, [0, 1])])
    const before = store.getState().history[1]
    store.getState().addSamples([sample(2000, 2, [0])])
    expect(store.getState().history[1]).toBe(before)
    expect(store.getState().history[0]?.times).toEqual([1, 2])
  })

  it('ignores an empty batch', () => {
    const store = createGpuStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.getState().addSamples([])
    expect(listener).not.toHaveBeenCalled()
  })
})
