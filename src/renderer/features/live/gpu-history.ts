import type { GpuSample, MonitorSample } from '../../../shared/gpu'
import { RingBuffer } from './ring-buffer'

export const HISTORY_LENGTH = 120

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
