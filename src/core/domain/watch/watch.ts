import type { GpuProcess } from '../../../shared/gpu'
import type { WatchRank, WatchResult } from '../../../shared/watch'
import { interpolate } from '../../../shared/i18n/interpolate'
import { watchEn } from '../../../shared/i18n/watch'
import { locateNvidiaSmi } from '../../platform/nvidia-smi/locate'
import { readGpuState } from '../../platform/nvidia-smi/read-status'
import { CancelledError, GpuProblemError } from '../../platform/errors'
import { readCgroupCpu } from './cgroup-cpu'
import { WatchError, type WatchErrorCode } from './errors'
import { DmonSampleSource, type GpuSampleSource, jobGpus, type WatchGpuSample } from './gpu'
import { openNvmlSampleSource } from './nvml-source'
import { unavailableMessage } from '../../platform/nvml/nvml-unavailable'
import type { PcieLink } from './pcie-capacity'
import { readPcieLinkSysfs } from './pcie-link-sysfs'
import { descendantsOf, readCommandLine, readProcess, snapshotTree, treeCpu, type TreeCpu } from '../../platform/process/proc'
import { combineGpus, type OtherProcessSeen, summariseCpu, summariseGpus, summariseOtherProcesses } from './summary'
import { judgeWatch } from './verdict'
import { findJobRanks, type Rank } from './ranks'
import { stragglerFinding, withStraggler } from './straggler'
import { type Clock, realClock } from '../../platform/util/clock'

export interface WatchOptions {
  pid: number
  seconds: number
  /** The container the PID was found through, for the result. */
  container?: string | null
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  /** Once a second: seconds done and the latest mean SM % of the job's GPUs. */
  onProgress?: (elapsedSeconds: number, smNow: number | null) => void
  /** GPU readings; default a streaming nvidia-smi dmon (an NVML sampler plugs in here). */
  source?: GpuSampleSource
  proc?: string
  /** Where sysfs is (the PCIe link of a GPU where the sampler does not read it). */
  sys?: string
  /** What the watch ticks, times samples and ends by; default the real one (a recording's own in tests). */
  clock?: Clock
}

/** What a watch reads the job and its GPUs from, and ticks on: the machine's own by default, a recording in tests. */
export type WatchSampling = Pick<WatchOptions, 'source' | 'proc' | 'sys' | 'clock'>

const TICK_MS = 1000
/**
 * How long a slow sampler may take to give its first sample (an nvidia-smi starting on a busy machine).
 * A window that ends before any sample came is moved to start at the first one, if it comes by then.
 */
const SAMPLER_START_MS = 15_000

function fail(reason: WatchErrorCode, params: Record<string, string>): never {
  const key = new WatchError(reason, params, '').messageKey as keyof typeof watchEn
  throw new WatchError(reason, params, interpolate(watchEn[key], params))
}

/** NVML in-process where the live panel would use it, else one streaming `nvidia-smi dmon`. */
async function defaultSource(options: { nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv }, clock: Clock): Promise<GpuSampleSource> {
  const nvml = await openNvmlSampleSource(options, clock)
  if (nvml.ok) return nvml.source
  return new DmonSampleSource(locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env }).path ?? 'nvidia-smi', options.env, unavailableMessage(nvml.unavailable))
}

/**
 * Processes on the job's GPUs that are not the job: those nvidia-smi listed at the start, and any the
 * sampler saw working later (named from /proc, as nvidia-smi names them).
 */
async function otherProcessesSeen(listed: GpuProcess[], samples: WatchGpuSample[], gpus: number[], jobPids: ReadonlySet<number>, proc: string): Promise<OtherProcessSeen[]> {
  const seen: OtherProcessSeen[] = listed
    .filter((p) => p.gpuIndex !== null && gpus.includes(p.gpuIndex) && (p.pid === null || !jobPids.has(p.pid)))
    .map((p) => ({ gpuIndex: p.gpuIndex!, pid: p.pid, name: p.container ? `${p.name} [${p.container}]` : p.name, usedMemoryMiB: p.usedMemoryMiB }))
  const known = new Set(seen.map((o) => `${o.gpuIndex}:${o.pid}`))
  for (const s of samples) {
    for (const p of s.processes ?? []) {
      const key = `${s.gpu}:${p.pid}`
      if (jobPids.has(p.pid) || known.has(key) || p.sm === 0) continue
      known.add(key)
      seen.push({ gpuIndex: s.gpu, pid: p.pid, name: (await readProcess(p.pid, proc))?.comm ?? '?', usedMemoryMiB: null })
    }
  }
  return seen
}

/**
 * Watches a running job for `seconds`: its GPU(s) through one sampler stream, and the CPU of the
 * process, each of its threads and its child processes (DataLoader workers) from /proc once a
 * second; then names what bounds it, with the evidence and the catalog finding that holds the fix.
 */
export async function watchJob(options: WatchOptions): Promise<WatchResult> {
  const proc = options.proc ?? '/proc'
  const clock = options.clock ?? realClock
  if (process.platform !== 'linux' && proc === '/proc') fail('not-linux', {})
  const pid = String(options.pid)
  const root = await readProcess(options.pid, proc)
  if (!root) fail('pid-not-found', { pid })
  const command = (await readCommandLine(options.pid, proc)) || root.comm

  const state = await readGpuState({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal })
  // Cancelled while nvidia-smi answered: its failure is the cancel, not the machine's.
  if (options.signal?.aborted) throw new CancelledError()
  if (state.kind === 'error') throw new GpuProblemError(state.problem)
  const pids = [options.pid, ...(await descendantsOf(options.pid, proc))]
  const gpuMemory = jobGpus(state.status, pids)
  if (gpuMemory.size === 0) fail('pid-not-on-gpu', { pid, command: command.slice(0, 120), count: String(state.status.processes.length) })
  const gpus = [...gpuMemory.keys()].sort((a, b) => a - b)
  // One rank of a distributed job: its sibling ranks' GPUs are sampled too, to find the one the others wait for.
  const job = await findJobRanks(options.pid, proc)
  const rankGpus = new Map<number, number[]>()
  for (const r of job?.ranks ?? [])
    rankGpus.set(r.pid, r.pid === options.pid ? gpus : [...jobGpus(state.status, [r.pid, ...(await descendantsOf(r.pid, proc))]).keys()].sort((a, b) => a - b))
  const sampled = [...new Set([...gpus, ...[...rankGpus.values()].flat()])].sort((a, b) => a - b)
  const allSamples: WatchGpuSample[] = []

  const source = options.source ?? (await defaultSource(options, clock))
  // Where the sampler does not say which link the traffic runs on (dmon), the kernel does; read while the job runs.
  const sysfsLinks = new Map<number, PcieLink | null>()
  for (const g of state.status.gpus) if (g.index !== null && gpuMemory.has(g.index)) sysfsLinks.set(g.index, await readPcieLinkSysfs(g.busId, options.sys))
  const samples: WatchGpuSample[] = []
  // When each sample arrived (clock.now()), to leave out the last second of a job that ended.
  const arrivals: number[] = []
  let ended: { state: 'exited' | 'zombie'; atMs: number } | null = null
  const latest = new Map<number, number | null>()
  const cgroupBefore = await readCgroupCpu(options.pid, proc)
  let previous = await snapshotTree(options.pid, proc, clock)
  const started = previous.timeMs
  const intervals: TreeCpu[] = []
  let firstSampleAt: number | null = null
  source.start(sampled, (s) => {
    firstSampleAt ??= clock.now()
    allSamples.push(s)
    if (!gpuMemory.has(s.gpu)) return
    samples.push(s.link === undefined ? { ...s, link: sysfsLinks.get(s.gpu) ?? null } : s)
    arrivals.push(clock.now())
    latest.set(s.gpu, s.sm)
  })
  try {
    const windowMs = options.seconds * 1000
    let end = started + windowMs
    let waitingForFirstSample = false
    while (!options.signal?.aborted) {
      let left = end - clock.now()
      if (waitingForFirstSample && firstSampleAt !== null) {
        waitingForFirstSample = false
        end = firstSampleAt + windowMs
        left = end - clock.now()
      } else if (left <= 0 && firstSampleAt === null && clock.now() - started < SAMPLER_START_MS) {
        waitingForFirstSample = true
        left = Math.min(TICK_MS, started + SAMPLER_START_MS - clock.now())
      }
      if (left <= 0) break
      await clock.sleep(Math.min(TICK_MS, left), options.signal)
      const now = await snapshotTree(options.pid, proc, clock)
      intervals.push(treeCpu(previous, now))
      previous = now
      if (!now.root || now.root.stat.state === 'Z') {
        // The job ended: judge what it did before, not its exit.
        ended = { state: now.root ? 'zombie' : 'exited', atMs: now.timeMs }
        break
      }
      const known = [...latest.values()].filter((v): v is number => v !== null)
      options.onProgress?.(Math.min(options.seconds, Math.round((now.timeMs - started) / 1000)), known.length ? known.reduce((a, b) => a + b, 0) / known.length : null)
    }
  } finally {
    await source.stop()
  }
  if (options.signal?.aborted) throw new CancelledError()
  const elapsed = (previous.timeMs - started) / 1000
  const cgroupAfter = await readCgroupCpu(options.pid, proc)
  // Every process of the job's tree seen at any time: a worker that ended during the watch is still the job's.
  const jobPids = new Set([...pids, ...intervals.flatMap((i) => i.descendants.map((d) => d.pid)), ...(await descendantsOf(options.pid, proc))])
  // A job that ended: its last second (and the CPU interval it ended in) is its exit, not its work.
  const kept = ended ? samples.filter((_, i) => arrivals[i]! < ended!.atMs - TICK_MS) : samples
  if (ended) intervals.pop()
  const names = new Map(state.status.gpus.map((g) => [g.index, g.name]))
  const gpuSummary = summariseGpus(kept, gpuMemory, jobPids).map((g) => ({ ...g, name: names.get(g.index) ?? null }))
  if (!ended && gpuSummary.every((g) => g.samples === 0)) fail('no-samples', { gpus: gpus.join(','), seconds: String(Math.round(elapsed)) })

  const throttled =
    cgroupBefore.throttledUsec !== null && cgroupAfter.throttledUsec !== null && elapsed > 0
      ? Math.min(1, (cgroupAfter.throttledUsec - cgroupBefore.throttledUsec) / 1e6 / elapsed)
      : null
  const facts = {
    pid: options.pid,
    command,
    container: options.container ?? null,
    seconds: Math.round(elapsed * 10) / 10,
    sampler: source.name,
    samplerFallback: source.fallback ?? null,
    gpus: gpuSummary,
    ...combineGpus(gpuSummary),
    jobEnded: ended ? { state: ended.state, afterSeconds: Math.round(((ended.atMs - started) / 1000) * 10) / 10 } : null,
    otherProcesses: summariseOtherProcesses(kept, await otherProcessesSeen(state.status.processes, kept, gpus, jobPids, proc)),
    cpu: summariseCpu(intervals),
    cgroup: { cpuLimit: cgroupAfter.cpuLimit, throttledShare: throttled === null ? null : Math.round(throttled * 100) / 100 },
  }
  const ranks = job && job.ranks.length > 1 ? job.ranks.map((r) => rankSummary(r, rankGpus.get(r.pid) ?? [], allSamples, options.pid)) : null
  const judged = judgeWatch(facts)
  const straggler = ranks && job ? stragglerFinding(ranks, job.key) : null
  const verdict = ranks ? withStraggler(judged, ranks, options.pid, straggler) : judged
  return { ...facts, job: ranks && job ? { key: job.key, worldSize: job.worldSize, ranks } : null, ...verdict }
}

const meanOf = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null)

function rankSummary(r: Rank, gpus: number[], samples: WatchGpuSample[], watched: number): WatchRank {
  const mine = samples.filter((s) => gpus.includes(s.gpu))
  return {
    ...r,
    gpus,
    smMean: meanOf(mine.flatMap((s) => (s.sm === null ? [] : [s.sm]))),
    memBandwidthMean: meanOf(mine.flatMap((s) => (s.memBandwidth === null ? [] : [s.memBandwidth]))),
    watched: r.pid === watched,
  }
}
