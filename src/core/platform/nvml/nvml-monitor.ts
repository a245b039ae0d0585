import { EventEmitter } from 'node:events'

import type { GpuSample, MonitorState, SamplerSource } from '../../../shared/gpu'
import type { MonitorEvents } from '../nvidia-smi/monitor'
import type { NvmlSampler } from './nvml-sampler'

/**
 * How often per-process utilisation is read. nvmlDeviceGetProcessUtilization costs 2.2–2.4 ms of
 * kernel CPU per call on an H100 (driver 580), about ten times a whole GPU sample, so it rides along
 * with one sample in five seconds rather than every one, and is skipped when no GPU did any work since
 * the last reading: no process can have had a share of an idle GPU.
 */
export const PROCESS_UTILIZATION_PERIOD_MS = 5000

/** Any SM or memory activity, or a value NVML would not give (then it may have been busy). */
const isBusy = (g: GpuSample): boolean => g.utilizationGpu !== 0 || g.utilizationMemory !== 0

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
    let busySinceProcesses = true // unknown until the first sample: read once to start
    const tick = () => {
      const now = performance.now()
      const sample = this.sampler.sample(false)
      busySinceProcesses ||= sample.gpus.some(isBusy)
      if (period > 0 && now - lastProcesses >= period) {
        lastProcesses = now
        sample.processes = busySinceProcesses ? this.sampler.processUtilization() : this.sampler.skipProcessUtilization()
        busySinceProcesses = false
      }
      this.emit('sample', sample)
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
