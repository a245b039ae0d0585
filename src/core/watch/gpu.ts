import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import type { GpuStatus } from '../../shared/gpu'
import { createDmonLineParser } from '../nvidia-smi/parse-dmon'

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
}

/**
 * Where watch gets its GPU readings: today one streaming `nvidia-smi dmon`; an in-process NVML
 * sampler can stand in for it behind the same two calls.
 */
export interface GpuSampleSource {
  /** Says what it reads, for the result ("nvidia-smi dmon", "NVML"). */
  readonly name: string
  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void
  /** Stops sampling; resolves once nothing is left running. */
  stop(): Promise<void>
}

/** dmon's `-s u` (sm, mem), `-s t` (rxpci, txpci in MB/s) for the chosen GPUs, once a second. */
export function dmonArgs(gpus: number[]): string[] {
  return ['dmon', '-s', 'ut', '-d', '1', '-i', gpus.join(',')]
}

/** `nvidia-smi dmon` as a GpuSampleSource: one long-lived process, killed on stop (and on exit). */
export class DmonSampleSource implements GpuSampleSource {
  readonly name = 'nvidia-smi dmon'
  private child: ChildProcess | null = null
  private readonly killOnExit = () => this.child?.kill('SIGKILL')

  constructor(
    private readonly smi: string,
    private readonly env?: NodeJS.ProcessEnv,
  ) {}

  start(gpus: number[], onSample: (sample: WatchGpuSample) => void): void {
    const child = spawn(this.smi, dmonArgs(gpus), { stdio: ['ignore', 'pipe', 'ignore'], env: this.env, windowsHide: true })
    this.child = child
    child.on('error', () => undefined)
    process.on('exit', this.killOnExit)
    const parse = createDmonLineParser()
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const row = parse(line)
      if (!row) return
      const v = row.values
      onSample({ gpu: row.gpu, sm: v.sm ?? null, memBandwidth: v.mem ?? null, pcieRxMBps: v.rxpci ?? null, pcieTxMBps: v.txpci ?? null })
    })
  }

  async stop(): Promise<void> {
    process.off('exit', this.killOnExit)
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), 1000)
    await closed
    clearTimeout(force)
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
