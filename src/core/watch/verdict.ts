import { SM_WARN_BELOW, WATCH_PCIE_BUSY_MBPS, WATCH_THROTTLED_SHARE } from '../../shared/constants'
import type { Finding } from '../../shared/diagnosis'
import type { Message, MessageParams } from '../../shared/message'
import type { WatchResult, WatchVerdict } from '../../shared/watch'
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

function evidenceParams(facts: WatchFacts): MessageParams {
  return {
    sm: r0(facts.smMean),
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
 * What bounds the job. The GPU busy at least the seeds' 70 % of the time is healthy. Below that the
 * wait is named from the evidence (CPU as runnable time, so a thread starved of CPU still counts
 * as busy), most specific first: a cgroup throttling the job; PCIe traffic;
 * DataLoader workers busy; the main process busy on several threads with the GPU mostly idle
 * (data prepared with num_workers=0); one busy thread (the Python side: launching small kernels or
 * spinning in a CUDA synchronisation); otherwise the wait is not on the CPU at all.
 */
export function judgeWatch(facts: WatchFacts): Judgement {
  const p = evidenceParams(facts)
  const sm = facts.smMean ?? 0
  const cpu = facts.cpu
  if (sm >= SM_WARN_BELOW) return judged('healthy', 'verdict.healthy', p, null)
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
