import type { MonitorSample } from '../../../shared/gpu'
import type { MonitorSummary } from '../../../shared/report'

type Stat = { min: number; mean: number; max: number } | null

function stat(values: Array<number | null>): Stat {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v))
  if (xs.length === 0) return null
  const round = (x: number) => Math.round(x * 10) / 10
  return { min: round(Math.min(...xs)), mean: round(xs.reduce((a, b) => a + b, 0) / xs.length), max: round(Math.max(...xs)) }
}

/** Min / mean / max per GPU over the monitor's samples; null when there are none. */
export function summarizeMonitor(samples: readonly MonitorSample[]): MonitorSummary | null {
  if (samples.length === 0) return null
  const indices = [...new Set(samples.flatMap((s) => s.gpus.map((g) => g.index)))].sort((a, b) => a - b)
  const of = (index: number) => samples.flatMap((s) => s.gpus.filter((g) => g.index === index))
  return {
    from: samples[0]!.time,
    to: samples[samples.length - 1]!.time,
    samples: samples.length,
    gpus: indices.map((index) => {
      const g = of(index)
      return {
        index,
        utilizationGpu: stat(g.map((x) => x.utilizationGpu)),
        memoryUsedMiB: stat(g.map((x) => x.memoryUsedMiB)),
        temperatureC: stat(g.map((x) => x.temperatureC)),
        powerW: stat(g.map((x) => x.powerW)),
        smClockMHz: stat(g.map((x) => x.smClockMHz)),
      }
    }),
  }
}

/** The monitor's most recent samples (by age and count), kept by the core for reports. */
export class SampleHistory {
  private readonly buffer: MonitorSample[] = []

  constructor(
    private readonly maxAgeMs = 15 * 60_000,
    private readonly maxSamples = 5_000,
  ) {}

  push(sample: MonitorSample): void {
    this.buffer.push(sample)
    const oldest = sample.time - this.maxAgeMs
    let drop = Math.max(0, this.buffer.length - this.maxSamples)
    while (drop < this.buffer.length && this.buffer[drop]!.time < oldest) drop++
    if (drop > 0) this.buffer.splice(0, drop)
  }

  samples(): MonitorSample[] {
    return [...this.buffer]
  }
}
