import type { GpuSample, MonitorSample } from '../../../shared/gpu'
import { RingBuffer } from './ring-buffer'

/** Samples kept per GPU: an hour at the default 1 s interval, the longest window the panel offers. */
export const HISTORY_LENGTH = 3600

/** The chart windows the panel offers, in minutes. */
export const HISTORY_WINDOWS = [1, 10, 60] as const
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number]

export const METRICS = ['utilizationGpu', 'memoryUsedMiB', 'temperatureC', 'powerW', 'smClockMHz'] as const
export type Metric = (typeof METRICS)[number]

/** Columns for charts: seconds since the epoch, and one value array per metric (null = gap). */
export interface GpuHistory {
  times: number[]
  values: Record<Metric, (number | null)[]>
}

type Point = { time: number; sample: GpuSample }

/** One ring buffer per GPU index; `snapshot` builds the immutable columns a store can hold. */
export class GpuHistories {
  private readonly rings = new Map<number, RingBuffer<Point>>()

  constructor(private readonly capacity = HISTORY_LENGTH) {}

  add(sample: MonitorSample): Set<number> {
    const touched = new Set<number>()
    for (const gpu of sample.gpus) {
      let ring = this.rings.get(gpu.index)
      if (!ring) {
        ring = new RingBuffer<Point>(this.capacity)
        this.rings.set(gpu.index, ring)
      }
      ring.push({ time: sample.time / 1000, sample: gpu })
      touched.add(gpu.index)
    }
    return touched
  }

  snapshot(index: number): GpuHistory {
    const points = this.rings.get(index)?.toArray() ?? []
    const values = Object.fromEntries(METRICS.map((m) => [m, points.map((p) => p.sample[m])])) as GpuHistory['values']
    return { times: points.map((p) => p.time), values }
  }
}
