import { openNvmlOrReason } from '../../platform/nvml/live-monitor'
import type { NvmlSampler } from '../../platform/nvml/nvml-sampler'
import type { NvmlUnavailable } from '../../platform/nvml/nvml-unavailable'
import { type Clock, realClock } from '../../platform/util/clock'
import type { GpuSampleSource, WatchGpuSample } from './gpu'

const INTERVAL_MS = 1000

/**
 * NVML in-process as watch's GPU source: utilisation (SM, memory bandwidth), PCIe TX/RX and the link
 * they run on, and GPM (SM activity, occupancy, tensor, DRAM bandwidth) where the GPU has it, of the
 * chosen GPUs once a second, with no process per sample. PCIe reads run on koffi's worker thread
 * (NVML blocks 20 ms for each), so a slow one never delays the next tick.
 */
export class NvmlSampleSource implements GpuSampleSource {
  readonly name = 'NVML'
  private timer: (() => void) | null = null
  private pending: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly sampler: NvmlSampler,
    private readonly clock: Clock = realClock,
  ) {}

  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void {
    const devices = this.sampler.devices.filter((d) => gpus.includes(d.index))
    const tick = () => {
      // Per-process utilisation every tick (about 2.3 ms of kernel CPU a second on an H100): it tells
      // the job's own share of the GPU from that of other processes on it.
      const now = this.sampler.sample(true)
      const reads = devices.map(async (d) => {
        const g = now.gpus.find((x) => x.index === d.index)
        const processes = (now.processes ?? []).filter((p) => p.gpuIndex === d.index).map((p) => ({ pid: p.pid, sm: p.smUtil }))
        const link = this.sampler.pcieLink(d)
        const gpm = this.sampler.gpmMetrics(d)
        const pcie = await this.sampler.pcieThroughput(d)
        if (this.timer === null) return
        const mbps = (kbps: number | null) => (kbps === null ? null : kbps / 1000)
        onSample({
          gpu: d.index,
          sm: g?.utilizationGpu ?? null,
          memBandwidth: g?.utilizationMemory ?? null,
          pcieRxMBps: mbps(pcie.rxKBps),
          pcieTxMBps: mbps(pcie.txKBps),
          ...(this.sampler.processesAnsweredFor(d.index) ? { processes } : {}),
          link,
          gpm,
          smClockMHz: g?.smClockMHz ?? null,
          powerW: g?.powerW ?? null,
          powerLimitW: g?.powerLimitW ?? null,
        })
      })
      this.pending = Promise.all(reads)
    }
    this.timer = this.clock.every(INTERVAL_MS, tick)
    tick()
  }

  async stop(): Promise<void> {
    this.timer?.()
    this.timer = null
    await this.pending
    this.sampler.close()
  }
}

/** NVML where it can be used (the live panel's rules: an nvidia-smi named explicitly wins), else why not. */
export async function openNvmlSampleSource(options: { nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv }, clock: Clock = realClock): Promise<{ ok: true; source: NvmlSampleSource } | { ok: false; unavailable: NvmlUnavailable }> {
  const opened = await openNvmlOrReason({ intervalMs: INTERVAL_MS, nvidiaSmiPath: options.nvidiaSmiPath, env: options.env })
  return opened.ok ? { ok: true, source: new NvmlSampleSource(opened.sampler, clock) } : opened
}
