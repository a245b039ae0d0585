import { WATCH_BUSY_CPU_PERCENT, WATCH_IDLE_SM_BELOW } from '../../../shared/constants'
import type { WatchGpm, WatchGpu, WatchOtherProcess, WatchResult } from '../../../shared/watch'
import type { WatchGpuSample } from './gpu'
import { type PcieLink, pcieCapacityMBps } from './pcie-capacity'
import type { TreeCpu } from '../../platform/process/proc'

/** A worker at or above this mean CPU % is working, not waiting (DataLoader workers rarely reach 100 %). */
export const WORKER_BUSY_PERCENT = 50

const mean = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null)
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length
}

const round1 = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10)

/** SM % of the job's processes and of everyone else in one sample; null where the sampler cannot tell. */
function splitSm(sample: WatchGpuSample, jobPids: ReadonlySet<number>): { job: number; others: number } | null {
  if (!sample.processes) return null
  let job = 0
  let others = 0
  for (const p of sample.processes) {
    if (jobPids.has(p.pid)) job += p.sm
    else others += p.sm
  }
  // Processes sharing a GPU by time-slicing add up to its busy time; under MPS they may overlap.
  return { job: Math.min(100, job), others: Math.min(100, others) }
}

// The link trains down when idle and back up under load: the fastest, widest seen is the one the traffic ran on.
function linkOf(samples: WatchGpuSample[]): PcieLink | null {
  const links = samples.map((s) => s.link).filter((l): l is PcieLink => !!l)
  return links.sort((a, b) => (pcieCapacityMBps(b) ?? 0) - (pcieCapacityMBps(a) ?? 0))[0] ?? null
}

function gpmOf(samples: WatchGpuSample[]): WatchGpm | null {
  const read = samples.map((s) => s.gpm).filter((g) => !!g)
  if (read.length === 0) return null
  return {
    smActive: round1(mean(read.map((g) => g.smActive))),
    smOccupancy: round1(mean(read.map((g) => g.smOccupancy))),
    tensorActive: round1(mean(read.map((g) => g.tensorActive))),
    dramBandwidth: round1(mean(read.map((g) => g.dramBandwidth))),
    fp32Active: round1(mean(read.map((g) => g.fp32Active ?? null))),
  }
}

/** Per GPU: means of SM (all, the job's, the others'), memory bandwidth and PCIe against its link, GPM, and the share of samples the GPU sat idle. */
export function summariseGpus(samples: WatchGpuSample[], jobMemory: Map<number, number | null>, jobPids: ReadonlySet<number> = new Set()): WatchGpu[] {
  return [...jobMemory.keys()]
    .sort((a, b) => a - b)
    .map((index) => {
      const mine = samples.filter((s) => s.gpu === index)
      const sm = mine.map((s) => s.sm).filter((v): v is number => v !== null)
      const split = mine.map((s) => splitSm(s, jobPids)).filter((v) => v !== null)
      const link = linkOf(mine)
      const capacity = pcieCapacityMBps(link)
      const rx = mean(mine.map((s) => s.pcieRxMBps))
      const tx = mean(mine.map((s) => s.pcieTxMBps))
      // Copies one way then the other (the usual loop) share the link in time: both directions count against one direction's capacity.
      const traffic = rx === null && tx === null ? null : (rx ?? 0) + (tx ?? 0)
      return {
        index,
        samples: mine.length,
        smMean: round1(mean(sm)),
        idleShare: sm.length === 0 ? null : round1(sm.filter((v) => v < WATCH_IDLE_SM_BELOW).length / sm.length),
        memBandwidthMean: round1(mean(mine.map((s) => s.memBandwidth))),
        pcieRxMBps: round1(mean(mine.map((s) => s.pcieRxMBps))),
        pcieTxMBps: round1(mean(mine.map((s) => s.pcieTxMBps))),
        jobMemoryMiB: jobMemory.get(index) ?? null,
        jobSmMean: round1(mean(split.map((v) => v.job))),
        othersSmMean: round1(mean(split.map((v) => v.others))),
        pcieLink: link,
        pcieCapacityMBps: capacity,
        pcieLinkShare: capacity === null || traffic === null ? null : Math.round((traffic / capacity) * 100) / 100,
        gpm: gpmOf(mine),
        smClockMHzMean: round1(mean(mine.map((s) => s.smClockMHz ?? null))),
        powerWMean: round1(mean(mine.map((s) => s.powerW ?? null))),
        powerLimitW: mine.map((s) => s.powerLimitW ?? null).filter((v) => v !== null).at(-1) ?? null,
      }
    })
}

/** A process on one of the job's GPUs that is not the job, as nvidia-smi or NVML saw it. */
export interface OtherProcessSeen {
  gpuIndex: number
  pid: number | null
  name: string
  usedMemoryMiB: number | null
}

/**
 * Each other process's mean SM % over the samples that tell processes apart (a sample that does not
 * list it counts 0: it had no share then); null where no sample of its GPU could tell.
 */
export function summariseOtherProcesses(samples: WatchGpuSample[], others: OtherProcessSeen[]): WatchOtherProcess[] {
  return others.map((o) => {
    const told = samples.filter((s) => s.gpu === o.gpuIndex && s.processes)
    const sm = o.pid === null || told.length === 0 ? null : told.reduce((a, s) => a + (s.processes!.find((p) => p.pid === o.pid)?.sm ?? 0), 0) / told.length
    return { ...o, smMean: round1(sm) }
  })
}

/** Mean of each key over all intervals; an interval where it was absent counts as 0. */
function meanByKey(intervals: Array<Map<number, number>>): Map<number, number> {
  const sums = new Map<number, number>()
  for (const interval of intervals) for (const [k, v] of interval) sums.set(k, (sums.get(k) ?? 0) + v)
  return new Map([...sums].map(([k, v]) => [k, v / Math.max(1, intervals.length)]))
}

/** CPU of the watched process, its most runnable thread and its child processes, averaged over the watch. */
export function summariseCpu(intervals: TreeCpu[]): WatchResult['cpu'] {
  const roots = intervals.map((i) => i.root).filter((r) => r !== null)
  const threadNames = new Map<number, string>()
  for (const r of roots) for (const t of r.threads) threadNames.set(t.tid, t.name)
  const threadCpu = meanByKey(roots.map((r) => new Map(r.threads.map((t) => [t.tid, t.percent]))))
  const threadRunnable = meanByKey(roots.map((r) => new Map(r.threads.map((t) => [t.tid, t.runnable]))))
  // A thread is runnable at least while it runs, and at most all the time; process ticks also count
  // threads that ended during the watch, which no thread reading has any more.
  for (const [tid, runnable] of threadRunnable) threadRunnable.set(tid, Math.min(100, Math.max(runnable, threadCpu.get(tid) ?? 0)))
  const busiest = [...threadRunnable].sort((a, b) => b[1] - a[1])[0]
  const workerCpu = meanByKey(intervals.map((i) => new Map(i.descendants.map((d) => [d.pid, d.percent]))))
  const workerRunnable = [...meanByKey(intervals.map((i) => new Map(i.descendants.map((d) => [d.pid, d.runnable]))))].map(([pid, r]) => Math.max(r, workerCpu.get(pid) ?? 0))
  const r1 = (v: number) => Math.round(v * 10) / 10
  return {
    mainPercent: r1(mean(roots.map((r) => r.percent)) ?? 0),
    mainRunnablePercent: r1(Math.max(mean(roots.map((r) => r.runnable)) ?? 0, mean(roots.map((r) => r.percent)) ?? 0)),
    threads: threadNames.size,
    busiestThread: busiest
      ? { tid: busiest[0], name: threadNames.get(busiest[0]) ?? '', cpuPercent: r1(threadCpu.get(busiest[0]) ?? 0), runnablePercent: r1(busiest[1]) }
      : null,
    workers: workerCpu.size,
    workersPercent: r1([...workerCpu.values()].reduce((a, b) => a + b, 0)),
    busiestWorkerPercent: r1(Math.max(0, ...workerRunnable)),
    busyWorkers: workerRunnable.filter((v) => v >= WORKER_BUSY_PERCENT).length,
  }
}

/** The job's GPUs together: SM and bandwidth means weighted by samples, PCIe summed over GPUs. */
export function combineGpus(
  gpus: WatchGpu[],
): Pick<WatchResult, 'smMean' | 'idleShare' | 'memBandwidthMean' | 'pcieMBps' | 'jobSmMean' | 'othersSmMean' | 'pcieLinkShare' | 'gpm'> {
  const weighted = (pick: (g: WatchGpu) => number | null) => {
    const known = gpus.filter((g) => pick(g) !== null && g.samples > 0)
    const n = known.reduce((a, g) => a + g.samples, 0)
    return n === 0 ? null : round1(known.reduce((a, g) => a + pick(g)! * g.samples, 0) / n)
  }
  const pcie = gpus.filter((g) => g.pcieRxMBps !== null || g.pcieTxMBps !== null)
  return {
    smMean: weighted((g) => g.smMean),
    idleShare: weighted((g) => g.idleShare),
    memBandwidthMean: weighted((g) => g.memBandwidthMean),
    jobSmMean: weighted((g) => g.jobSmMean),
    othersSmMean: weighted((g) => g.othersSmMean),
    pcieMBps: pcie.length === 0 ? null : round1(pcie.reduce((a, g) => a + (g.pcieRxMBps ?? 0) + (g.pcieTxMBps ?? 0), 0)),
    // One GPU holding its link full is enough to bound a job that waits for it.
    pcieLinkShare: gpus.reduce<number | null>((a, g) => (g.pcieLinkShare == null ? a : Math.max(a ?? 0, g.pcieLinkShare)), null),
    gpm: gpus.some((g) => g.gpm)
      ? {
          smActive: weighted((g) => g.gpm?.smActive ?? null),
          smOccupancy: weighted((g) => g.gpm?.smOccupancy ?? null),
          tensorActive: weighted((g) => g.gpm?.tensorActive ?? null),
          dramBandwidth: weighted((g) => g.gpm?.dramBandwidth ?? null),
          fp32Active: weighted((g) => g.gpm?.fp32Active ?? null),
        }
      : null,
  }
}

/** True when a thread keeps one core busy: the Python thread that launches kernels, or one doing data work. */
export function isBusyThread(percent: number | undefined): boolean {
  return percent !== undefined && percent >= WATCH_BUSY_CPU_PERCENT
}
