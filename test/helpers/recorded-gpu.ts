import type { GpuSampleSource, WatchGpuSample } from '../../src/core/domain/watch/gpu'
import { createDmonLineParser } from '../../src/core/platform/nvidia-smi/parse-dmon'
import type { Clock } from '../../src/core/platform/util/clock'

export type RecordedSample = Omit<WatchGpuSample, 'gpu'>

/**
 * A GpuSampleSource that replays recorded readings on a clock: every `periodMs`, the next reading for
 * each GPU it was started on, over and over (what NVML or a dmon stream delivers, without the GPU).
 */
export class RecordedSource implements GpuSampleSource {
  gpus: number[] = []
  stopped = false
  private cancel: (() => void) | null = null

  constructor(
    private readonly clock: Clock,
    private readonly readings: (gpu: number) => RecordedSample[],
    private readonly periodMs = 100,
    readonly name = 'recorded',
  ) {}

  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void {
    this.gpus = gpus
    let i = 0
    this.cancel = this.clock.every(this.periodMs, () => {
      for (const gpu of gpus) {
        const readings = this.readings(gpu)
        if (readings.length) onSample({ gpu, ...readings[i % readings.length]! })
      }
      i++
    })
  }

  async stop(): Promise<void> {
    this.cancel?.()
    this.stopped = true
  }
}

/** The same reading every time. */
export const steady = (sample: RecordedSample) => () => [sample]

/** Readings from a captured `nvidia-smi dmon -s ut` stream, read by the parser dmon's sampler uses. */
export function dmonReadings(text: string): RecordedSample[] {
  const parse = createDmonLineParser()
  return text.split('\n').flatMap((line) => {
    const row = parse(line)
    return row ? [{ sm: row.values.sm ?? null, memBandwidth: row.values.mem ?? null, pcieRxMBps: row.values.rxpci ?? null, pcieTxMBps: row.values.txpci ?? null }] : []
  })
}
