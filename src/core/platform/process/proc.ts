import { readdir, readFile } from 'node:fs/promises'
import { oneLine } from '../../../shared/one-line'
import { type Clock, realClock } from '../util/clock'

// /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 on every architecture it runs
// GPUs on (sysconf(_SC_CLK_TCK); Node cannot ask).
const TICKS_PER_SECOND = 100

/** The fields of /proc/PID/stat (or /proc/PID/task/TID/stat) that watch uses. */
export interface ProcStat {
  pid: number
  comm: string
  state: string
  ppid: number
  /** utime + stime, in ticks. */
  ticks: number
  /** Start time since boot, in ticks: tells a reused PID from the process it replaced. */
  startTime: number
  /**
   * Nanoseconds running plus waiting for a CPU (schedstat): what the thread wanted. On a busy
   * machine or under a cgroup limit a spinning thread gets less CPU than this; null without schedstat.
   */
  runnableNs: number | null
}

/** Parses one stat line; the comm may hold spaces and parentheses, so it ends at the LAST ')'. */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 0 || close < open) return null
  const pid = Number.parseInt(text.slice(0, open), 10)
  const rest = text.slice(close + 2).trim().split(/\s+/)
  // rest[0] is field 3 (state): field N is rest[N - 3].
  const utime = Number(rest[11])
  const stime = Number(rest[12])
  const ppid = Number(rest[1])
  const startTime = Number(rest[19])
  if (!Number.isFinite(pid) || !Number.isFinite(utime) || !Number.isFinite(stime) || !Number.isFinite(ppid)) return null
  return { pid, comm: oneLine(text.slice(open + 1, close)), state: rest[0] ?? '?', ppid, ticks: utime + stime, startTime: Number.isFinite(startTime) ? startTime : 0, runnableNs: null }
}

async function readStat(path: string): Promise<ProcStat | null> {
  try {
    return parseProcStat(await readFile(path, 'utf8'))
  } catch {
    return null
  }
}

/** `/proc/…/schedstat`: "run_ns wait_ns timeslices"; run + wait is the time the thread was runnable. */
export function parseSchedstat(text: string): number | null {
  const [run, wait] = text.trim().split(/\s+/).map(Number)
  return run !== undefined && wait !== undefined && Number.isFinite(run) && Number.isFinite(wait) ? run + wait : null
}

/** A thread's stat with its runnable time. */
async function readThread(dir: string): Promise<ProcStat | null> {
  const [stat, sched] = await Promise.all([readStat(`${dir}/stat`), readFile(`${dir}/schedstat`, 'utf8').catch(() => null)])
  return stat ? { ...stat, runnableNs: sched === null ? null : parseSchedstat(sched) } : null
}

/** The process with this PID, or null when there is none (or /proc is not there). */
export function readProcess(pid: number, proc = '/proc'): Promise<ProcStat | null> {
  return readStat(`${proc}/${pid}/stat`)
}

/** The command line of a process, arguments joined by spaces, on one line ('' when gone or unreadable). */
export async function readCommandLine(pid: number, proc = '/proc'): Promise<string> {
  try {
    return oneLine((await readFile(`${proc}/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean).join(' '))
  } catch {
    return ''
  }
}

/** Every process's parent, from one pass over /proc. */
async function parentMap(proc: string): Promise<Map<number, number>> {
  const parents = new Map<number, number>()
  const entries = await readdir(proc).catch(() => [] as string[])
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await readStat(`${proc}/${name}/stat`)
        if (stat) parents.set(stat.pid, stat.ppid)
      }),
  )
  return parents
}

/** All descendants of `pid` (children, their children...): DataLoader workers and what they start. */
export async function descendantsOf(pid: number, proc = '/proc'): Promise<number[]> {
  const parents = await parentMap(proc)
  const children = new Map<number, number[]>()
  for (const [child, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), child])
  const found: number[] = []
  const queue = [...(children.get(pid) ?? [])]
  while (queue.length > 0) {
    const next = queue.shift()!
    if (found.includes(next)) continue
    found.push(next)
    queue.push(...(children.get(next) ?? []))
  }
  return found.sort((a, b) => a - b)
}

export interface ProcessSnapshot {
  stat: ProcStat
  threads: ProcStat[]
}

/** One reading of a process tree: the root, its descendants, and every thread of each. */
export interface TreeSnapshot {
  timeMs: number
  root: ProcessSnapshot | null
  descendants: ProcessSnapshot[]
}

async function snapshotProcess(pid: number, proc: string): Promise<ProcessSnapshot | null> {
  const stat = await readStat(`${proc}/${pid}/stat`)
  if (!stat) return null
  const tids = await readdir(`${proc}/${pid}/task`).catch(() => [] as string[])
  const threads = (await Promise.all(tids.map((tid) => readThread(`${proc}/${pid}/task/${tid}`)))).filter((t): t is ProcStat => t !== null)
  return { stat, threads }
}

/** Reads the process, its descendants and all their threads now (`clock`'s now: the time CPU use is divided by). */
export async function snapshotTree(pid: number, proc = '/proc', clock: Pick<Clock, 'now'> = realClock): Promise<TreeSnapshot> {
  const timeMs = clock.now()
  const [root, kids] = await Promise.all([snapshotProcess(pid, proc), descendantsOf(pid, proc)])
  const descendants = (await Promise.all(kids.map((k) => snapshotProcess(k, proc)))).filter((p): p is ProcessSnapshot => p !== null)
  return { timeMs, root, descendants }
}

export interface ThreadCpu {
  tid: number
  name: string
  /** CPU used, % of one core. */
  percent: number
  /** Running or waiting for a CPU, % of the time: the CPU percent where schedstat is missing. */
  runnable: number
}

export interface CpuUse {
  pid: number
  comm: string
  /** CPU % of the process with all its threads (100 = one core). */
  percent: number
  /** Runnable time of all its threads, % of one core. */
  runnable: number
  threads: ThreadCpu[]
}

/** CPU between two readings of one tree, per process and per thread. A process or thread seen only in the later reading counts 0 for this interval. */
export interface TreeCpu {
  root: CpuUse | null
  descendants: CpuUse[]
}

function percentOf(ticks: number, seconds: number): number {
  return seconds > 0 ? (ticks / TICKS_PER_SECOND / seconds) * 100 : 0
}

function threadCpu(before: ProcStat | undefined, after: ProcStat, seconds: number): ThreadCpu {
  const same = before !== undefined && before.startTime === after.startTime
  const percent = same ? percentOf(Math.max(0, after.ticks - before.ticks), seconds) : 0
  const runnableNs = same && before.runnableNs !== null && after.runnableNs !== null ? Math.max(0, after.runnableNs - before.runnableNs) : null
  // Not clamped here: schedstat credits a wait only when it ends, so one interval reads low and the
  // next high, and the errors cancel in the mean over the watch (clamped there, in the summary).
  const runnable = runnableNs === null || seconds <= 0 ? percent : (runnableNs / 1e9 / seconds) * 100
  return { tid: after.pid, name: after.comm, percent, runnable }
}

function cpuBetween(before: ProcessSnapshot | undefined, after: ProcessSnapshot, seconds: number): CpuUse {
  const same = before !== undefined && before.stat.startTime === after.stat.startTime
  const beforeThreads = new Map((same ? before.threads : []).map((t) => [t.pid, t]))
  const threads = after.threads.map((t) => threadCpu(beforeThreads.get(t.pid), t, seconds))
  const percent = same ? percentOf(Math.max(0, after.stat.ticks - before.stat.ticks), seconds) : 0
  return { pid: after.stat.pid, comm: after.stat.comm, percent, runnable: threads.reduce((a, t) => a + t.runnable, 0), threads }
}

/** The CPU each process and thread used between two snapshots of the same tree. */
export function treeCpu(before: TreeSnapshot, after: TreeSnapshot): TreeCpu {
  const seconds = (after.timeMs - before.timeMs) / 1000
  const earlier = new Map(before.descendants.map((p) => [p.stat.pid, p]))
  return {
    root: after.root ? cpuBetween(before.root ?? undefined, after.root, seconds) : null,
    descendants: after.descendants.map((p) => cpuBetween(earlier.get(p.stat.pid), p, seconds)),
  }
}
