import { SM_WARN_BELOW, WATCH_IDLE_SM_BELOW, WATCH_OTHERS_BUSY_PERCENT, WATCH_PCIE_BUSY_MBPS, WATCH_THROTTLED_SHARE } from '../../../shared/constants'
import type { Finding } from '../../../shared/diagnosis'
import type { FindingId } from '../../../shared/i18n/findings'
import type { Message, MessageParams } from '../../../shared/message'
import type { WatchMeasure, WatchVerdict } from '../../../shared/watch'
import { describeOtherProcesses } from '../../../shared/watch-evidence'
import { makeFinding } from '../findings/finding-catalog'
import { busyGpuLevers, leverHeadline, noGpmFinding, orderByGain } from './levers'
import { isBusyThread, WORKER_BUSY_PERCENT } from './summary'

import type { WatchFacts } from './watch-facts'

export type { WatchFacts }

export interface Judgement {
  verdict: WatchVerdict
  decidedBy: WatchMeasure
  /** The headline in the reader's language: key in namespace 'watch', with its numbers. */
  headline: Message
  findings: Finding[]
}

/** Several threads busy at once: CPU tensor work or transforms, not one Python thread launching kernels. */
const MULTI_THREAD_PERCENT = 150
/** Without workers, the GPU idle this share of the time while the process computes on several threads is data preparation. */
const MOSTLY_IDLE = 0.5
/**
 * PCIe rx + tx at this share of what the link carries one way (generation × lanes, pcie-links.json) or
 * more: the job spends at least half its time moving data, whatever the utilisation counter says.
 * Pinned copies reach about 80–90 % of a link.
 */
export const TRANSFER_LINK_SHARE = 0.5
/**
 * Below that, a high rate (WATCH_PCIE_BUSY_MBPS) still bounds a job whose GPU is mostly idle if it fills at
 * least this share of the link: pageable copies (staged through the CPU) take several times their link time.
 */
const TRANSFER_LINK_SHARE_WHEN_IDLE = 0.1
/** GPM SM activity below this while the counter reads busy: kernels run, but on few SMs. */
export const GPM_SM_ACTIVE_MIN = 30
/** Fewer GPU samples than the shortest watch allowed (3 s at one a second) give no verdict. */
export const WATCH_MIN_SAMPLES = 3
/** The GPU this idle (mean SM %, or idle in this share of samples) while one thread is busy: the thread is not feeding it kernels. */
const NEARLY_IDLE_SHARE = 0.8

const r0 = (v: number | null) => (v === null ? '?' : String(Math.round(v)))

/**
 * The job's own SM % where other processes also used the GPU and the sampler tells them apart; else
 * the whole GPU's (alone on it, the GPU's busy time is the job's, whatever the per-process sampling).
 */
const ownSm = (facts: WatchFacts): number | null => (facts.jobSmMean !== null && (facts.othersSmMean ?? 0) > 0 ? facts.jobSmMean : facts.smMean)

function evidenceParams(facts: WatchFacts): MessageParams {
  return {
    pid: facts.pid,
    sm: r0(ownSm(facts)),
    job: r0(facts.jobSmMean),
    others: r0(facts.othersSmMean),
    processes: describeOtherProcesses(facts),
    owners: facts.otherProcesses.map((o) => `${o.name} (pid ${o.pid ?? '?'})`).join(', '),
    gpu: facts.gpus.map((g) => g.index).join(', '),
    sampler: facts.sampler,
    idle: facts.idleShare === null ? '?' : String(Math.round(facts.idleShare * 100)),
    main: r0(facts.cpu.mainRunnablePercent),
    thread: r0(facts.cpu.busiestThread?.runnablePercent ?? null),
    workers: facts.cpu.workers,
    workersCpu: r0(facts.cpu.workersPercent),
    worker: r0(facts.cpu.busiestWorkerPercent),
    pcie: r0(facts.pcieMBps),
    counter: r0(facts.smMean),
    linkShare: facts.pcieLinkShare == null ? '?' : String(Math.round(facts.pcieLinkShare * 100)),
    link: describeLink(facts),
    smActive: r0(facts.gpm?.smActive ?? null),
    occupancy: r0(facts.gpm?.smOccupancy ?? null),
    tensor: r0(facts.gpm?.tensorActive ?? null),
    dram: r0(facts.gpm?.dramBandwidth ?? null),
    fp32Active: r0(facts.gpm?.fp32Active ?? null),
    threadName: facts.cpu.busiestThread?.name ?? '?',
    samples: Math.min(...(facts.gpus.length ? facts.gpus.map((g) => g.samples) : [0])),
    min: WATCH_MIN_SAMPLES,
    state: facts.jobEnded?.state ?? '?',
    after: facts.jobEnded ? String(Math.round(facts.jobEnded.afterSeconds)) : '?',
    limit: facts.cgroup.cpuLimit === null ? '?' : String(Math.round(facts.cgroup.cpuLimit * 100) / 100),
    throttled: facts.cgroup.throttledShare === null ? '?' : String(Math.round(facts.cgroup.throttledShare * 100)),
  }
}

/** "Gen 5 ×16, 63016 MB/s each way" of the busiest link, or "?" where no link was read. */
function describeLink(facts: WatchFacts): string {
  const g = [...facts.gpus].filter((x) => x.pcieLink && x.pcieCapacityMBps).sort((a, b) => (b.pcieLinkShare ?? 0) - (a.pcieLinkShare ?? 0))[0]
  return g?.pcieLink ? `Gen ${g.pcieLink.generation} ×${g.pcieLink.width}, ${g.pcieCapacityMBps} MB/s` : '?'
}

function judged(verdict: WatchVerdict, headlineKey: string, params: MessageParams, findingId: FindingId | null, decidedBy: WatchMeasure): Judgement {
  return {
    verdict,
    decidedBy,
    headline: { key: headlineKey, params },
    findings: findingId ? [makeFinding(findingId, 'warning', params)] : [],
  }
}

/**
 * What bounds the job. The GPU busy with the job at least the seeds' 70 % of the time is healthy; a
 * busy GPU that other processes keep busy a fifth of the time or more is shared. Below that the
 * wait is named from the evidence (CPU as runnable time, so a thread starved of CPU still counts
 * as busy), most specific first: a cgroup throttling the job; PCIe traffic;
 * DataLoader workers busy; the main process busy on several threads with the GPU mostly idle
 * (data prepared with num_workers=0); one busy thread (the Python side: launching small kernels or
 * spinning in a CUDA synchronisation); otherwise the wait is not on the CPU at all.
 */
export function judgeWatch(facts: WatchFacts): Judgement {
  const p = evidenceParams(facts)
  // A job that ended leaves what it did before; too few samples of that say nothing about it.
  const ended = facts.jobEnded ? [makeFinding('watch-job-ended', 'warning', p)] : []
  if (facts.gpus.length > 0 && facts.gpus.every((g) => g.samples < WATCH_MIN_SAMPLES)) {
    const j = judged('not-enough-samples', facts.jobEnded ? 'verdict.jobEndedEarly' : 'verdict.notEnoughSamples', p, 'watch-not-enough-samples', 'samples')
    return { ...j, findings: [...ended, ...j.findings] }
  }
  const judgement = judgeJob(facts)
  // How the SMs use the work they get: judged whatever waits, then ordered after what the GPU waits for.
  // GPM reads the whole GPU: with another process working on it, its figures are not the job's alone.
  const othersWork = (facts.othersSmMean ?? 0) > 0 || (facts.jobSmMean === null && facts.otherProcesses.length > 0)
  const levers = othersWork ? [] : busyGpuLevers(facts, p)
  const info: Finding[] = []
  // Without GPM a busy GPU's use cannot be judged: say which verdicts are out of reach, with what NVML gave.
  if (!facts.gpm && judgement.verdict === 'healthy') info.push(noGpmFinding(facts, p))
  // Without per-process figures, other processes on the GPU make every SM figure above uncertain: say so.
  if (facts.jobSmMean === null && facts.otherProcesses.length > 0) info.push(makeFinding('watch-sm-includes-other-processes', 'info', p))
  const findings = orderByGain([...ended, ...judgement.findings, ...levers, ...info])
  // A busy GPU's headline names its biggest lever and the GPM measure that found it.
  const first = judgement.verdict === 'healthy' ? findings.map((f) => leverHeadline(f.id)).find((h) => h !== null) : undefined
  if (first) return { ...judgement, decidedBy: first.measure, headline: { key: first.key, params: { ...p, ...findings.find((f) => leverHeadline(f.id))!.params } }, findings }
  return { ...judgement, findings }
}

/**
 * The job's own share of the GPU decides where NVML tells processes apart: a job that keeps the GPU
 * busy 30 % of the time beside another process at 65 % is slowed by the sharing, not by its CPU; one
 * at 30 % beside another at 25 % leaves the GPU idle half the time, and waits on its own side.
 */
function judgeJob(facts: WatchFacts): Judgement {
  const p = evidenceParams(facts)
  const sm = ownSm(facts) ?? 0
  const cpu = facts.cpu
  const smMeasure: WatchMeasure = facts.jobSmMean !== null && (facts.othersSmMean ?? 0) > 0 ? 'job-sm-share' : 'sm-utilisation'
  // The link near its capacity decides first: copies keep the utilisation counter high.
  if (facts.pcieLinkShare != null && facts.pcieLinkShare >= TRANSFER_LINK_SHARE) return judged('transfer-bound', 'verdict.transferBoundLink', p, 'host-device-transfer-bound', 'pcie-link-share')
  // GPM, where the GPU has it, tells kernels that fill the SMs from kernels that merely run.
  const smActive = facts.gpm?.smActive ?? null
  const fewSms = smActive !== null && smActive < GPM_SM_ACTIVE_MIN && (facts.othersSmMean ?? 0) === 0
  if (sm >= SM_WARN_BELOW && !fewSms) {
    return judged('healthy', 'verdict.healthy', p, null, smActive !== null ? 'gpm-sm-activity' : smMeasure)
  }
  // Sharing holds the job back when the GPU is busy (with the job and the others together) and the
  // others take a real share; on a GPU with idle time left the job's own side is what waits.
  const gpuBusy = facts.smMean ?? (facts.jobSmMean ?? 0) + (facts.othersSmMean ?? 0)
  if (facts.jobSmMean !== null && (facts.othersSmMean ?? 0) >= WATCH_OTHERS_BUSY_PERCENT && gpuBusy >= SM_WARN_BELOW) {
    return judged('gpu-shared', 'verdict.gpuShared', p, 'gpu-shared-by-other-jobs', 'job-sm-share')
  }
  if (facts.cgroup.throttledShare !== null && facts.cgroup.throttledShare >= WATCH_THROTTLED_SHARE) {
    return judged('cpu-oversubscribed', 'verdict.cpuOversubscribed', p, 'cpu-oversubscription-in-container', 'cgroup-throttling')
  }
  // A high rate with the GPU mostly idle: judged against the link where its capacity is known.
  const linkUsed = facts.pcieLinkShare == null || facts.pcieLinkShare >= TRANSFER_LINK_SHARE_WHEN_IDLE
  if (linkUsed && facts.pcieMBps !== null && facts.pcieMBps >= WATCH_PCIE_BUSY_MBPS) {
    return judged('transfer-bound', 'verdict.transferBound', p, 'host-device-transfer-bound', facts.pcieLinkShare == null ? 'pcie-throughput' : 'pcie-link-share')
  }
  if (cpu.workers > 0 && cpu.busiestWorkerPercent >= WORKER_BUSY_PERCENT) return judged('input-bound', 'verdict.inputBoundWorkers', p, 'input-pipeline-bottleneck', 'worker-cpu')
  if (cpu.workers === 0 && cpu.mainRunnablePercent >= MULTI_THREAD_PERCENT && (facts.idleShare ?? 0) >= MOSTLY_IDLE) {
    return judged('input-bound', 'verdict.inputBoundMain', p, 'input-pipeline-bottleneck', 'main-process-cpu')
  }
  if (isBusyThread(cpu.busiestThread?.runnablePercent)) {
    // One busy thread beside a nearly idle GPU is not launching kernels: it computes on the CPU itself.
    const nearlyIdle = sm < WATCH_IDLE_SM_BELOW || (facts.idleShare ?? 0) >= NEARLY_IDLE_SHARE
    if (nearlyIdle && (cpu.workers === 0 || cpu.busiestWorkerPercent < WORKER_BUSY_PERCENT)) {
      return judged('input-bound', 'verdict.mainThreadCpu', p, 'main-thread-cpu-bound', 'main-thread-cpu')
    }
    return judged('launch-bound', 'verdict.launchBound', p, 'launch-bound-small-kernels', fewSms ? 'gpm-sm-activity' : 'main-thread-cpu')
  }
  if (cpu.mainRunnablePercent >= MULTI_THREAD_PERCENT) return judged('input-bound', 'verdict.inputBoundMain', p, 'input-pipeline-bottleneck', 'main-process-cpu')
  if (fewSms) return judged('gpu-waits-elsewhere', 'verdict.smsMostlyIdle', p, 'gpu-sms-mostly-idle', 'gpm-sm-activity')
  return judged('gpu-waits-elsewhere', 'verdict.waitsElsewhere', p, 'gpu-waits-not-on-cpu', 'none')
}
