import { describe, expect, it } from 'vitest'

import { combineGpus, summariseGpus } from '../../../../src/core/domain/watch/summary'
import { judgeWatch, type WatchFacts } from '../../../../src/core/domain/watch/verdict'
import type { WatchGpuSample } from '../../../../src/core/domain/watch/gpu'
import { findingsEn, findingsZh } from '../../../../src/shared/i18n/findings'
import { watchEn, watchZh } from '../../../../src/shared/i18n/watch'

const GEN5_X16 = { generation: 5, width: 16 }

/** A watch of `n` one-second samples on GPU 0, each with these readings. */
function facts(sample: Partial<WatchGpuSample>, n: number, cpu: { thread?: number; main?: number; workers?: number; worker?: number } = {}, ended: WatchFacts['jobEnded'] = null): WatchFacts {
  const samples: WatchGpuSample[] = Array.from({ length: n }, () => ({ gpu: 0, sm: 0, memBandwidth: 0, pcieRxMBps: 0, pcieTxMBps: 0, ...sample }))
  const gpus = summariseGpus(samples, new Map([[0, 4096]]))
  return {
    pid: 1,
    command: 'python train.py',
    container: null,
    seconds: n,
    sampler: 'NVML',
    gpus,
    ...combineGpus(gpus),
    jobEnded: ended,
    otherProcesses: [],
    cpu: {
      mainPercent: cpu.main ?? 20,
      mainRunnablePercent: cpu.main ?? 20,
      threads: 8,
      busiestThread: { tid: 1, name: 'python', cpuPercent: cpu.thread ?? 20, runnablePercent: cpu.thread ?? 20 },
      workers: cpu.workers ?? 0,
      workersPercent: (cpu.worker ?? 0) * (cpu.workers ?? 0),
      busiestWorkerPercent: cpu.worker ?? 0,
      busyWorkers: 0,
    },
    cgroup: { cpuLimit: null, throttledShare: null },
  }
}

describe('watch judges what the GPU does, and says which measure decided', () => {
  it('a link kept near its capacity is transfer-bound whatever the utilisation counter says', () => {
    // Gen 5 ×16 carries 63016 MB/s each way (pcie-links.json); 40 GB/s host→device is 63 % of it.
    const j = judgeWatch(facts({ sm: 100, pcieRxMBps: 39_800, pcieTxMBps: 200, link: GEN5_X16 }, 10))
    expect([j.verdict, j.decidedBy, j.headline.key]).toEqual(['transfer-bound', 'pcie-link-share', 'verdict.transferBoundLink'])
    expect(j.headline.params).toMatchObject({ linkShare: '63', link: 'Gen 5 ×16, 63016 MB/s', counter: '100' })
    expect(j.findings.map((f) => f.id)).toEqual(['host-device-transfer-bound'])
  })

  it('copies one way then the other share the link: 20 GB/s each way on Gen 5 ×16 is 63 % of it', () => {
    expect(judgeWatch(facts({ sm: 100, pcieRxMBps: 20_000, pcieTxMBps: 20_000, link: GEN5_X16 }, 10)).verdict).toBe('transfer-bound')
  })

  it('the same 5 GB/s is no bottleneck on a Gen 5 ×16 link (8 %), but was one by the fixed rate where the link is unknown', () => {
    const known = judgeWatch(facts({ sm: 30, pcieRxMBps: 5000, link: GEN5_X16 }, 10))
    expect(known.verdict).not.toBe('transfer-bound')
    const unknown = judgeWatch(facts({ sm: 30, pcieRxMBps: 5000 }, 10))
    expect([unknown.verdict, unknown.decidedBy]).toEqual(['transfer-bound', 'pcie-throughput'])
  })

  it('a Gen 3 ×4 link (3938 MB/s) at 3 GB/s is full: transfer-bound; pageable copies at 20 GB/s (32 % of Gen 5 ×16) with an idle GPU too', () => {
    expect(judgeWatch(facts({ sm: 90, pcieRxMBps: 3000, link: { generation: 3, width: 4 } }, 10)).verdict).toBe('transfer-bound')
    const pageable = judgeWatch(facts({ sm: 20, pcieRxMBps: 20_000, link: GEN5_X16 }, 10, { thread: 100 }))
    expect([pageable.verdict, pageable.decidedBy, pageable.headline.key]).toEqual(['transfer-bound', 'pcie-link-share', 'verdict.transferBound'])
  })

  it('GPM: the counter at 100 % with the SMs active 4 % is not healthy; with one busy thread it is launch-bound, decided by GPM', () => {
    const gpm = { smActive: 4, smOccupancy: 2, tensorActive: 0, dramBandwidth: 1 }
    const busy = judgeWatch(facts({ sm: 100, gpm, link: GEN5_X16 }, 10, { thread: 99 }))
    expect([busy.verdict, busy.decidedBy]).toEqual(['launch-bound', 'gpm-sm-activity'])
    const quiet = judgeWatch(facts({ sm: 100, gpm }, 10))
    expect([quiet.verdict, quiet.decidedBy, quiet.headline.key]).toEqual(['gpu-waits-elsewhere', 'gpm-sm-activity', 'verdict.smsMostlyIdle'])
    expect(quiet.findings[0]?.id).toBe('gpu-sms-mostly-idle')
    const healthy = judgeWatch(facts({ sm: 100, gpm: { ...gpm, smActive: 92, smOccupancy: 18, tensorActive: 80 } }, 10))
    expect([healthy.verdict, healthy.decidedBy]).toEqual(['healthy', 'gpm-sm-activity'])
  })

  it('a main thread at 100 % beside a nearly idle GPU is CPU work in the main process, not small kernels', () => {
    const j = judgeWatch(facts({ sm: 2 }, 10, { thread: 100, main: 101 }))
    expect([j.verdict, j.decidedBy, j.headline.key]).toEqual(['input-bound', 'main-thread-cpu', 'verdict.mainThreadCpu'])
    expect(j.findings[0]?.id).toBe('main-thread-cpu-bound')
    // The same thread with the GPU half busy is the launch-bound case.
    expect(judgeWatch(facts({ sm: 45 }, 10, { thread: 100, main: 101 })).verdict).toBe('launch-bound')
  })

  it('too few samples give no verdict; a job that ended says so, with or without a verdict', () => {
    const few = judgeWatch(facts({ sm: 100 }, 2))
    expect([few.verdict, few.decidedBy, few.headline.key]).toEqual(['not-enough-samples', 'samples', 'verdict.notEnoughSamples'])
    const ended = judgeWatch(facts({ sm: 100 }, 1, {}, { state: 'zombie', afterSeconds: 2 }))
    expect([ended.verdict, ended.headline.key]).toEqual(['not-enough-samples', 'verdict.jobEndedEarly'])
    expect(ended.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'watch-not-enough-samples'])
    const enough = judgeWatch(facts({ sm: 100 }, 8, {}, { state: 'exited', afterSeconds: 9 }))
    expect(enough.verdict).toBe('healthy')
    expect(enough.findings.map((f) => f.id)).toEqual(['watch-job-ended', 'watch-no-gpm'])
  })

  it('GPM and the link are summarised per GPU (the fastest link seen: it trains down when idle)', () => {
    const samples: WatchGpuSample[] = [
      { gpu: 0, sm: 50, memBandwidth: 10, pcieRxMBps: 100, pcieTxMBps: 0, link: { generation: 1, width: 16 }, gpm: null },
      { gpu: 0, sm: 50, memBandwidth: 10, pcieRxMBps: 100, pcieTxMBps: 0, link: GEN5_X16, gpm: { smActive: 40, smOccupancy: 20, tensorActive: 10, dramBandwidth: 30 } },
      { gpu: 0, sm: 50, memBandwidth: 10, pcieRxMBps: 100, pcieTxMBps: 0, link: GEN5_X16, gpm: { smActive: 60, smOccupancy: 30, tensorActive: 20, dramBandwidth: 50 } },
    ]
    const [g] = summariseGpus(samples, new Map([[0, 1]]))
    expect(g).toMatchObject({ pcieLink: GEN5_X16, pcieCapacityMBps: 63016, pcieLinkShare: 0, gpm: { smActive: 50, smOccupancy: 25, tensorActive: 15, dramBandwidth: 40 } })
  })

  it('every new headline, label and finding has English and Chinese text', () => {
    for (const key of ['verdict.transferBoundLink', 'verdict.notEnoughSamples', 'verdict.jobEndedEarly', 'verdict.mainThreadCpu', 'verdict.smsMostlyIdle', 'label.gpm', 'label.pcieLink', 'measure.gpm-sm-activity'] as const) {
      expect(watchEn[key]).toBeTruthy()
      expect(watchZh[key]).toBeTruthy()
    }
    for (const id of ['watch-job-ended', 'watch-not-enough-samples', 'main-thread-cpu-bound', 'gpu-sms-mostly-idle']) {
      for (const part of ['title', 'message', 'fix']) {
        expect(findingsEn[`${id}.${part}`]).toBeTruthy()
        expect(findingsZh[`${id}.${part}`]).toBeTruthy()
      }
    }
  })
})
