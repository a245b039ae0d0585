import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Clock } from '../../src/core/platform/util/clock'

// /proc counts CPU in USER_HZ ticks, 100 a second on Linux.
const TICKS_PER_SECOND = 100

export interface RecordedThread {
  tid: number
  comm?: string
  /** CPU it gets, % of one core. */
  cpu: number
  /** Running or waiting for a CPU, % of the time (schedstat); default what it gets. */
  runnable?: number
}

/** One process of a recorded job, as /proc shows it, with the CPU each thread uses while it runs. */
export interface RecordedProcess {
  pid: number
  ppid?: number
  comm: string
  cmdline?: string[]
  environ?: Record<string, string>
  /** The main thread (tid = pid) first; default one idle main thread. */
  threads?: RecordedThread[]
}

interface Live {
  p: RecordedProcess
  threads: RecordedThread[]
  state: string
  /** Per thread: ticks so far, and runnable nanoseconds so far. */
  ticks: Map<number, number>
  runnableNs: Map<number, number>
}

/**
 * A /proc of recorded processes in a temporary folder, for watch's `proc` option: stat, task/TID/stat
 * and schedstat, cmdline and environ, as the kernel writes them. `run(seconds)` moves every thread's
 * counters on by what it uses in that time; `exit` and `zombie` end a process.
 */
export class FakeProc {
  readonly dir = mkdtempSync(join(tmpdir(), 'gd-fake-proc-'))
  private readonly live = new Map<number, Live>()

  constructor(processes: RecordedProcess[] = []) {
    for (const p of processes) this.add(p)
  }

  add(p: RecordedProcess): this {
    const threads = p.threads ?? [{ tid: p.pid, cpu: 0 }]
    const live: Live = { p, threads, state: 'S', ticks: new Map(threads.map((t) => [t.tid, 0])), runnableNs: new Map(threads.map((t) => [t.tid, 0])) }
    this.live.set(p.pid, live)
    const base = join(this.dir, String(p.pid))
    mkdirSync(base, { recursive: true })
    writeFileSync(join(base, 'cmdline'), `${(p.cmdline ?? [p.comm]).join('\0')}\0`)
    writeFileSync(join(base, 'environ'), Object.entries(p.environ ?? {}).map(([k, v]) => `${k}=${v}\0`).join(''))
    this.write(live)
    return this
  }

  /** Every running thread uses `seconds` of its CPU share (and of its runnable share). */
  run(seconds: number): void {
    for (const live of this.live.values()) {
      if (live.state === 'Z') continue
      for (const t of live.threads) {
        live.ticks.set(t.tid, live.ticks.get(t.tid)! + (t.cpu / 100) * TICKS_PER_SECOND * seconds)
        live.runnableNs.set(t.tid, live.runnableNs.get(t.tid)! + ((t.runnable ?? t.cpu) / 100) * 1e9 * seconds)
      }
      this.write(live)
    }
  }

  /** Lets the recorded processes run as `clock` moves: their counters advance every 100 ms of it. */
  follow(clock: Clock): this {
    clock.every(100, () => this.run(0.1))
    return this
  }

  /** The process is gone: reaped, its /proc entry removed. */
  exit(pid: number): void {
    this.live.delete(pid)
    rmSync(join(this.dir, String(pid)), { recursive: true, force: true })
  }

  /** The process has exited and its parent has not reaped it yet. */
  zombie(pid: number): void {
    const live = this.live.get(pid)
    if (!live) return
    live.state = 'Z'
    this.write(live)
  }

  private write(live: Live): void {
    const { p } = live
    const base = join(this.dir, String(p.pid))
    const stat = (id: number, comm: string, ticks: number) =>
      `${id} (${comm}) ${live.state} ${p.ppid ?? 1} ${p.pid} ${p.pid} 0 -1 4194304 0 0 0 0 ${Math.round(ticks)} 0 0 0 20 0 ${live.threads.length} 0 ${1000 + p.pid} 0 0\n`
    let total = 0
    for (const t of live.threads) {
      const dir = join(base, 'task', String(t.tid))
      mkdirSync(dir, { recursive: true })
      const ticks = live.ticks.get(t.tid)!
      total += ticks
      writeFileSync(join(dir, 'stat'), stat(t.tid, t.comm ?? p.comm, ticks))
      const runNs = Math.round(ticks * (1e9 / TICKS_PER_SECOND))
      writeFileSync(join(dir, 'schedstat'), `${runNs} ${Math.max(0, Math.round(live.runnableNs.get(t.tid)!) - runNs)} 1\n`)
    }
    writeFileSync(join(base, 'stat'), stat(p.pid, p.comm, total))
  }
}
