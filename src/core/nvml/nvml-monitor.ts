import { EventEmitter } from 'node:events'

import type { MonitorState, SamplerSource } from '../../shared/gpu'
import type { MonitorEvents } from '../nvidia-smi/monitor'
import type { NvmlSampler } from './nvml-sampler'

/**
 * How often per-process utilisation is read. nvmlDeviceGetProcessUtilization costs about 2.2 ms of
 * kernel CPU per call on an H100 (driver 580), 75× a whole GPU sample (29 µs), so it rides along with
 * one sample in five seconds rather than every one.
 */
export const PROCESS_UTILIZATION_PERIOD_MS = 5000

/**
 * Live samples from NVML in-process: a timer reads every GPU (and, every few seconds, each
 * process's utilisation) and emits the same events as the streaming nvidia-smi's GpuMonitor.
 * Nothing is spawned, so there is nothing to restart; stop() shuts NVML down.
 */
export class NvmlMonitor extends EventEmitter<MonitorEvents> {
  private timer: NodeJS.Timeout | null = null
  private current: MonitorState = { kind: 'stopped' }

  constructor(
    private readonly sampler: NvmlSampler,
    private readonly options: { intervalMs: number; processPeriodMs?: number },
    readonly source: SamplerSource,
  ) {
    super()
  }

  get state(): MonitorState {
    return this.current
  }

  get intervalMs(): number {
    return this.options.intervalMs
  }

  /** No child process: null, for the same "no orphans" checks the stream answers. */
  get pid(): number | null {
    return null
  }

  start(): MonitorState {
    if (this.timer) return this.current
    this.current = { kind: 'running', intervalMs: this.options.intervalMs, pid: null, source: this.source }
    this.emit('state', this.current)
    // The first sample comes at once, then every interval; a slow listener never piles ticks up.
    const period = this.options.processPeriodMs ?? PROCESS_UTILIZATION_PERIOD_MS
    let lastProcesses = Number.NEGATIVE_INFINITY
    const tick = () => {
      const now = performance.now()
      const withProcesses = period > 0 && now - lastProcesses >= period
      if (withProcesses) lastProcesses = now
      this.emit('sample', this.sampler.sample(withProcesses))
    }
    this.timer = setInterval(tick, this.options.intervalMs)
    setImmediate(() => this.timer && tick())
    return this.current
  }

  async stop(): Promise<MonitorState> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.sampler.close()
    this.current = { kind: 'stopped' }
    this.emit('state', this.current)
    return this.current
  }
}
