import { type ChildProcess, spawn } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { createInterface } from 'node:readline'

import type { GpuProblem, GpuSample, MonitorSample, MonitorState, SamplerSource } from '../../../shared/gpu'
import { classifySmiFailure, makeProblem } from './classify-failure'
import { locateNvidiaSmi } from './locate'
import { dieWithParent } from '../process/parent-death'
import { parseCsvSampleLine } from './parse-csv'
import { MONITOR_FIELDS } from './query-fields'

export interface MonitorOptions {
  intervalMs: number
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  /** Consecutive failed starts (no sample in between) before giving up. */
  maxAttempts?: number
  initialBackoffMs?: number
  maxBackoffMs?: number
  /** Said in the running state: which reader this is and why NVML is not used. */
  source?: SamplerSource
  /** A stream silent this long is hung: killed and restarted (default: 5 intervals, at least 10 s). */
  stallMs?: number
}

export interface MonitorEvents {
  sample: [MonitorSample]
  state: [MonitorState]
}

const num = (v: string | null | undefined): number | null => {
  if (v === null || v === undefined) return null
  const n = Number.parseFloat(v)
  return Number.isFinite(n) ? n : null
}

function toSample(row: Record<string, string | null>): GpuSample | null {
  const index = num(row.index)
  if (index === null) return null
  return {
    index,
    utilizationGpu: num(row['utilization.gpu']),
    utilizationMemory: num(row['utilization.memory']),
    memoryUsedMiB: num(row['memory.used']),
    memoryTotalMiB: num(row['memory.total']),
    temperatureC: num(row['temperature.gpu']),
    powerW: num(row['power.draw']),
    powerLimitW: num(row['power.limit']),
    smClockMHz: num(row['clocks.sm']),
  }
}

/**
 * Live GPU samples from ONE long-lived `nvidia-smi --query-gpu ... --loop-ms=N` process, never a
 * spawn per sample. Restarts it with exponential backoff when it dies or stalls, and kills it on
 * stop and on process exit so no nvidia-smi is left behind.
 */
export class GpuMonitor extends EventEmitter<MonitorEvents> {
  private child: ChildProcess | null = null
  private stopped = true
  private attempts = 0
  private pending = new Map<number, GpuSample>()
  private flushTimer: NodeJS.Timeout | null = null
  private stallTimer: NodeJS.Timeout | null = null
  private restartTimer: NodeJS.Timeout | null = null
  private current: MonitorState = { kind: 'stopped' }
  private readonly killOnExit = () => this.child?.kill('SIGKILL')

  constructor(private options: MonitorOptions) {
    super()
  }

  get state(): MonitorState {
    return this.current
  }

  get intervalMs(): number {
    return this.options.intervalMs
  }

  get source(): SamplerSource | null {
    return this.options.source ?? null
  }

  /** The PID of the streaming nvidia-smi, for tests and "no orphans" checks. */
  get pid(): number | null {
    return this.child?.pid ?? null
  }

  start(): MonitorState {
    if (!this.stopped) return this.current
    this.stopped = false
    this.attempts = 0
    process.on('exit', this.killOnExit)
    this.spawnOnce()
    return this.current
  }

  async stop(): Promise<MonitorState> {
    this.stopped = true
    process.off('exit', this.killOnExit)
    this.clearTimers()
    const child = this.child
    this.child = null
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 1000)
      await exited
      clearTimeout(force)
    }
    this.setState({ kind: 'stopped' })
    return this.current
  }

  private setState(state: MonitorState): void {
    this.current = state
    this.emit('state', state)
  }

  private running(child: ChildProcess): MonitorState {
    const state: MonitorState = { kind: 'running', intervalMs: this.options.intervalMs, pid: child.pid ?? null }
    return this.options.source ? { ...state, source: this.options.source } : state
  }

  private clearTimers(): void {
    for (const t of [this.flushTimer, this.stallTimer, this.restartTimer]) if (t) clearTimeout(t)
    this.flushTimer = this.stallTimer = this.restartTimer = null
  }

  private spawnOnce(): void {
    const located = locateNvidiaSmi({ explicitPath: this.options.nvidiaSmiPath, env: this.options.env })
    if (!located.path) {
      this.setState({ kind: 'failed', problem: makeProblem('nvidia-smi-missing', 'nvidia-smi: not found', located.checked) })
      this.stopped = true
      return
    }
    const fields = [...MONITOR_FIELDS]
    const args = [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits', `--loop-ms=${this.options.intervalMs}`]
    // Through the parent-death wrapper: a kill -9 of GPU Doctor runs no exit handler, the kernel still ends the stream.
    const run = dieWithParent(located.path, args, this.options.env ?? process.env)
    const child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'], env: this.options.env, windowsHide: true })
    this.child = child
    // Starting counts as running: callers asking now must not be told "stopped".
    this.setState(this.running(child))
    const started = performance.now()
    let stdout = ''
    let stderr = ''
    let gotSample = false
    let spawnError: NodeJS.ErrnoException | null = null
    let stalled = false

    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 8192) stderr += d.toString('utf8')
    })
    child.on('error', (e: NodeJS.ErrnoException) => {
      spawnError = e
    })
    child.on('spawn', () => this.setState(this.running(child)))
    const onStall = () => {
      stalled = true
      child.kill('SIGKILL')
    }
    this.armStallTimer(onStall)

    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      // Lines already buffered when stop() killed the child still arrive: a timer armed for them would
      // keep the process alive after its work is done (the CLI exiting 10 s late).
      if (this.stopped || this.child !== child) return
      this.armStallTimer(onStall)
      const row = parseCsvSampleLine(line, fields)
      const sample = row ? toSample(row) : null
      if (!sample) {
        if (stdout.length < 8192) stdout += `${line}\n`
        return
      }
      gotSample = true
      this.attempts = 0
      if (this.pending.has(sample.index)) this.flush()
      this.pending.set(sample.index, sample)
      if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), Math.min(50, this.options.intervalMs / 4))
    })

    child.on('close', (exitCode, exitSignal) => {
      if (this.child !== child) return
      this.flush()
      this.child = null
      if (this.stopped) return
      const silentS = Math.round(this.stallLimitMs / 100) / 10
      const problem = stalled
        ? makeProblem('timeout', `${located.path} printed nothing for ${silentS} s (hung); killed and restarted`)
        : classifySmiFailure(
          {
            command: located.path!,
            args,
            exitCode,
            exitSignal,
            stdout,
            stderr,
            timedOut: false,
            cancelled: false,
            truncated: false,
            stdoutOverflowed: false,
            stderrOverflowed: false,
            spawnError,
            durationMs: performance.now() - started,
          },
          located.checked,
        ) ?? makeProblem(gotSample ? 'failed' : 'garbage-output', `${located.path} exited (code ${exitCode}, signal ${exitSignal})`)
      this.scheduleRestart(problem)
    })
  }

  private get stallLimitMs(): number {
    return this.options.stallMs ?? Math.max(10_000, this.options.intervalMs * 5)
  }

  /** A hung nvidia-smi prints nothing; kill it so the close handler restarts it. */
  private armStallTimer(onStall: () => void): void {
    if (this.stallTimer) clearTimeout(this.stallTimer)
    this.stallTimer = setTimeout(onStall, this.stallLimitMs)
    // The child's own pipes keep the loop alive while it runs; the watchdog alone must not.
    this.stallTimer.unref()
  }

  private scheduleRestart(problem: GpuProblem): void {
    this.clearTimers()
    this.attempts++
    const max = this.options.maxAttempts ?? 8
    if (problem.code === 'nvidia-smi-missing' || this.attempts > max) {
      this.stopped = true
      process.off('exit', this.killOnExit)
      this.setState({ kind: 'failed', problem })
      return
    }
    const initial = this.options.initialBackoffMs ?? 500
    const delayMs = Math.min(this.options.maxBackoffMs ?? 30_000, initial * 2 ** (this.attempts - 1))
    this.setState({ kind: 'restarting', attempt: this.attempts, delayMs, problem })
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null
      if (!this.stopped) this.spawnOnce()
    }, delayMs)
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    if (this.pending.size === 0) return
    const gpus = [...this.pending.values()].sort((a, b) => a.index - b.index)
    this.pending.clear()
    this.emit('sample', { time: Date.now(), gpus })
  }
}
