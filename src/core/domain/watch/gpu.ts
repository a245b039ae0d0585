import type { Message } from '../../../shared/message'
import type { GpuStatus } from '../../../shared/gpu'
import { createDmonLineParser } from '../../platform/nvidia-smi/parse-dmon'
import { type LineStream, streamLines } from '../../platform/process/line-stream'
import type { PcieLink } from './pcie-capacity'
import { PmonShares } from './pmon-shares'

/** One GPU reading during a watch. Null where the sampler has no value. */
export interface WatchGpuSample {
  gpu: number
  /** Share of time a kernel ran, %. */
  sm: number | null
  /** Share of time device memory was read or written, %. */
  memBandwidth: number | null
  pcieRxMBps: number | null
  pcieTxMBps: number | null
  /**
   * SM % of each process on this GPU since the previous sample (NVML); a process not listed had none.
   * Absent where the sampler cannot tell processes apart (nvidia-smi dmon).
   */
  processes?: Array<{ pid: number; sm: number }>
  /** The PCIe link as it runs now; absent where the sampler does not read it. */
  link?: PcieLink | null
  /** GPM since the previous sample (Hopper and newer through NVML); absent or null elsewhere. */
  /** SM clock (MHz), board power and its enforced limit (W), where the sampler reads them (NVML). */
  smClockMHz?: number | null
  powerW?: number | null
  powerLimitW?: number | null
  gpm?: { smActive: number | null; smOccupancy: number | null; tensorActive: number | null; dramBandwidth: number | null; fp32Active?: number | null } | null
}

/**
 * Where watch gets its GPU readings: today one streaming `nvidia-smi dmon`; an in-process NVML
 * sampler can stand in for it behind the same two calls.
 */
export interface GpuSampleSource {
  /** Says what it reads, for the result ("nvidia-smi dmon", "NVML"). */
  readonly name: string
  /** Why NVML is not the sampler, where it was tried and did not open (namespace 'sampler'). */
  readonly fallback?: Message
  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void
  /** Stops sampling; resolves once nothing is left running. */
  stop(): Promise<void>
}

/** dmon's `-s u` (sm, mem), `-s t` (rxpci, txpci in MB/s) for the chosen GPUs, once a second. */
export function dmonArgs(gpus: number[]): string[] {
  return ['dmon', '-s', 'ut', '-d', '1', '-i', gpus.join(',')]
}

/**
 * `nvidia-smi dmon` as a GpuSampleSource: one long-lived process, killed on stop (and on exit), with
 * a `nvidia-smi pmon` beside it for each process's share of the GPU.
 */
export class DmonSampleSource implements GpuSampleSource {
  readonly name = 'nvidia-smi dmon'
  private stream: LineStream | null = null
  private readonly shares = new PmonShares()

  constructor(
    private readonly smi: string,
    private readonly env?: NodeJS.ProcessEnv,
    readonly fallback?: Message,
  ) {}

  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void {
    this.shares.start(this.smi, gpus, this.env)
    const parse = createDmonLineParser()
    this.stream = streamLines(this.smi, dmonArgs(gpus), this.env, (line) => {
      const row = parse(line)
      if (!row) return
      const v = row.values
      const processes = this.shares.take(row.gpu)
      onSample({ gpu: row.gpu, sm: v.sm ?? null, memBandwidth: v.mem ?? null, pcieRxMBps: v.rxpci ?? null, pcieTxMBps: v.txpci ?? null, ...(processes ? { processes } : {}) })
    })
  }

  async stop(): Promise<void> {
    await Promise.all([this.stream?.stop(), this.shares.stop()])
    this.stream = null
  }
}

/** The GPUs (indexes) where any of these PIDs holds a context, and the memory they hold on each (MiB). */
export function jobGpus(status: GpuStatus, pids: number[]): Map<number, number | null> {
  const wanted = new Set(pids)
  const used = new Map<number, number | null>()
  for (const p of status.processes) {
    if (p.pid === null || p.gpuIndex === null || !wanted.has(p.pid)) continue
    const before = used.get(p.gpuIndex) ?? null
    used.set(p.gpuIndex, p.usedMemoryMiB === null ? before : (before ?? 0) + p.usedMemoryMiB)
  }
  return used
}
