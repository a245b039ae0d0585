import { SM_WARN_BELOW, WATCH_OTHERS_BUSY_PERCENT, WATCH_PCIE_BUSY_MBPS, WATCH_THROTTLED_SHARE } from '../../shared/constants'
import type { Finding } from '../../shared/diagnosis'
import type { Message, MessageParams } from '../../shared/message'
import type { WatchResult, WatchVerdict } from '../../shared/watch'
import { describeOtherProcesses } from '../../shared/watch-evidence'
import { makeFinding } from '../rules/finding-catalog'
import { isBusyThread, WORKER_BUSY_PERCENT } from './summary'

/** The facts a verdict rests on: everything in a WatchResult but the verdict itself. */
export type WatchFacts = Omit<WatchResult, 'verdict' | 'findings' | 'headline'>

export interface Judgement {
  verdict: WatchVerdict
  /** The headline in the reader's language: key in namespace 'watch', with its numbers. */
  headline: Message
  findings: Finding[]
}

/** Several threads busy at once: CPU tensor work or transforms, not one Python thread launching kernels. */
const MULTI_THREAD_PERCENT = 150
/** Without workers, the GPU idle this share of the time while the process computes on several threads is data preparation. */
const MOSTLY_IDLE = 0.5

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
    limit: facts.cgroup.cpuLimit === null ? '?' : String(Math.round(facts.cgroup.cpuLimit * 100) / 100),
    throttled: facts.cgroup.throttledShare === null ? '?' : String(Math.round(facts.cgroup.throttledShare * 100)),
  }
}

function judged(verdict: WatchVerdict, headlineKey: string, params: MessageParams, findingId: string | null): Judgement {
  return {
    verdict,
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
  const judgement = judgeJob(facts)
  // Without per-process figures, other processes on the GPU make every SM figure above uncertain: say so.
  if (facts.jobSmMean === null && facts.otherProcesses.length > 0) {
    judgement.findings.push(makeFinding('watch-sm-includes-other-processes', 'info', evidenceParams(facts)))
  }
  return judgement
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
  if (sm >= SM_WARN_BELOW) return judged('healthy', 'verdict.healthy', p, null)
  // Sharing holds the job back when the GPU is busy (with the job and the others together) and the
  // others take a real share; on a GPU with idle time left the job's own side is what waits.
  const gpuBusy = facts.smMean ?? (facts.jobSmMean ?? 0) + (facts.othersSmMean ?? 0)
  if (facts.jobSmMean !== null && (facts.othersSmMean ?? 0) >= WATCH_OTHERS_BUSY_PERCENT && gpuBusy >= SM_WARN_BELOW) {
    return judged('gpu-shared', 'verdict.gpuShared', p, 'gpu-shared-by-other-jobs')
  }
  if (facts.cgroup.throttledShare !== null && facts.cgroup.throttledShare >= WATCH_THROTTLED_SHARE) {
    return judged('cpu-oversubscribed', 'verdict.cpuOversubscribed', p, 'cpu-oversubscription-in-container')
  }
  if (facts.pcieMBps !== null && facts.pcieMBps >= WATCH_PCIE_BUSY_MBPS) return judged('transfer-bound', 'verdict.transferBound', p, 'host-device-transfer-bound')
  if (cpu.workers > 0 && cpu.busiestWorkerPercent >= WORKER_BUSY_PERCENT) return judged('input-bound', 'verdict.inputBoundWorkers', p, 'input-pipeline-bottleneck')
  if (cpu.workers === 0 && cpu.mainRunnablePercent >= MULTI_THREAD_PERCENT && (facts.idleShare ?? 0) >= MOSTLY_IDLE) {
    return judged('input-bound', 'verdict.inputBoundMain', p, 'input-pipeline-bottleneck')
  }
  if (isBusyThread(cpu.busiestThread?.runnablePercent)) return judged('launch-bound', 'verdict.launchBound', p, 'launch-bound-small-kernels')
  if (cpu.mainRunnablePercent >= MULTI_THREAD_PERCENT) return judged('input-bound', 'verdict.inputBoundMain', p, 'input-pipeline-bottleneck')
  return judged('gpu-waits-elsewhere', 'verdict.waitsElsewhere', p, 'gpu-waits-not-on-cpu')
}
