import { describe, expect, it } from 'vitest'

import { judgeWatch, type WatchFacts } from '../../../../src/core/domain/watch/verdict'
import { combineGpus, summariseCpu, summariseGpus, summariseOtherProcesses } from '../../../../src/core/domain/watch/summary'
import { SM_WARN_BELOW } from '../../../../src/shared/constants'

function facts(over: { sm: number; idle?: number; pcie?: number; main?: number; thread?: number; workers?: number; worker?: number; throttled?: number | null }): WatchFacts {
  return {
    pid: 1,
    command: 'python train.py',
    container: null,
    seconds: 15,
    sampler: 'nvidia-smi dmon',
    gpus: [],
    smMean: over.sm,
    idleShare: over.idle ?? 0,
    memBandwidthMean: 10,
    pcieMBps: over.pcie ?? 50,
    jobSmMean: null,
    othersSmMean: null,
    otherProcesses: [],
    cpu: {
      mainPercent: over.main ?? 20,
      mainRunnablePercent: over.main ?? 20,
      threads: 12,
      busiestThread: { tid: 1, name: 'python', cpuPercent: over.thread ?? 20, runnablePercent: over.thread ?? 20 },
      workers: over.workers ?? 0,
      workersPercent: (over.worker ?? 0) * (over.workers ?? 0),
      busiestWorkerPercent: over.worker ?? 0,
      busyWorkers: over.worker && over.worker >= 50 ? (over.workers ?? 0) : 0,
    },
    cgroup: { cpuLimit: over.throttled === undefined ? null : 2, throttledShare: over.throttled ?? null },
  }
}

const verdictOf = (f: WatchFacts) => {
  const j = judgeWatch(f)
  return [j.verdict, j.findings.map((x) => x.id)[0] ?? null]
}

describe('the watch verdict', () => {
  it('SM at the seeds\' 70 % or more is healthy, even with a busy main thread (the CUDA sync spin of a GPU-bound job)', () => {
    // Without GPM (nvidia-smi dmon here) how the busy GPU is used cannot be judged: said as information only.
    expect(verdictOf(facts({ sm: SM_WARN_BELOW, thread: 99, main: 100 }))).toEqual(['healthy', 'watch-no-gpm'])
    expect(judgeWatch(facts({ sm: 100, thread: 99 })).findings.map((f) => [f.id, f.severity])).toEqual([['watch-no-gpm', 'info']])
  })

  it('busy DataLoader workers while the GPU waits: input-bound, with the input-pipeline finding and its fix', () => {
    const j = judgeWatch(facts({ sm: 30, idle: 0.6, workers: 4, worker: 95, thread: 40 }))
    expect(j.verdict).toBe('input-bound')
    expect(j.headline.key).toBe('verdict.inputBoundWorkers')
    expect(j.findings[0]!.id).toBe('input-pipeline-bottleneck')
    expect(j.findings[0]!.fix).toContain('num_workers')
  })

  it('num_workers=0 with CPU transforms on many threads and the GPU mostly idle: input-bound in the main process', () => {
    expect(verdictOf(facts({ sm: 1, idle: 1, main: 1300, thread: 96 }))).toEqual(['input-bound', 'input-pipeline-bottleneck'])
    expect(judgeWatch(facts({ sm: 1, idle: 1, main: 1300, thread: 96 })).headline.key).toBe('verdict.inputBoundMain')
  })

  it('one thread at ~100 % with no data workers and the GPU partly busy: the GPU waits on the Python side (launch-bound), not input-bound', () => {
    // The lost version's first "GPU-bound" script: SM 47 %, idle half the samples, main 106 %, a 95 % thread, no workers.
    expect(verdictOf(facts({ sm: 46.8, idle: 0.5, main: 106, thread: 95 }))).toEqual(['launch-bound', 'launch-bound-small-kernels'])
    const j = judgeWatch(facts({ sm: 39.5, main: 100, thread: 100 }))
    expect(j.headline.key).toBe('verdict.launchBound')
    expect(j.findings[0]!.message).toContain('busy 100 % of the time')
    expect(j.findings[0]!.fix).toMatch(/CUDA graphs.*AMP/s)
  })

  it('idle workers do not make it input-bound: the busy main thread does', () => {
    expect(verdictOf(facts({ sm: 40, workers: 4, worker: 3, thread: 99, main: 105 }))).toEqual(['launch-bound', 'launch-bound-small-kernels'])
  })

  it('heavy PCIe traffic with low SM is transfer-bound, before any CPU reading', () => {
    expect(verdictOf(facts({ sm: 25, pcie: 12_000, thread: 99 }))).toEqual(['transfer-bound', 'host-device-transfer-bound'])
  })

  it('a cgroup throttling the job a fifth of the time or more is CPU oversubscription', () => {
    expect(verdictOf(facts({ sm: 20, throttled: 0.45, workers: 8, worker: 60 }))).toEqual(['cpu-oversubscribed', 'cpu-oversubscription-in-container'])
    expect(verdictOf(facts({ sm: 20, throttled: 0.05, workers: 8, worker: 60 }))).toEqual(['input-bound', 'input-pipeline-bottleneck'])
  })

  it('a GPU waiting while CPU and PCIe are quiet says so instead of guessing', () => {
    expect(verdictOf(facts({ sm: 5, idle: 0.9, main: 3, thread: 2 }))).toEqual(['gpu-waits-elsewhere', 'gpu-waits-not-on-cpu'])
  })
})

describe('the watch verdict with other processes on the GPU', () => {
  const other = { gpuIndex: 0, pid: 4242, name: 'python3', usedMemoryMiB: 1010, smMean: 64 }
  const shared = (over: Partial<WatchFacts>, base: Parameters<typeof facts>[0]) => ({ ...facts(base), otherProcesses: [other], ...over })

  it('a busy GPU that another process keeps busy 64 % of the time, the job 35 %: shared, not healthy, naming the other process', () => {
    // Whole-GPU SM alone (99 %) would have called this job healthy.
    const j = judgeWatch(shared({ jobSmMean: 35, othersSmMean: 64 }, { sm: 99, thread: 100, main: 100 }))
    expect(j.verdict).toBe('gpu-shared')
    expect(j.findings.map((f) => f.id)).toEqual(['gpu-shared-by-other-jobs'])
    expect(j.findings[0]!.message).toContain('python3 (pid 4242) 64 %')
    expect(j.findings[0]!.fix).toContain('CUDA_VISIBLE_DEVICES')
    expect(j.headline).toMatchObject({ key: 'verdict.gpuShared', params: { job: '35', others: '64' } })
  })

  it('the job keeps the GPU busy 75 % beside a small one: healthy', () => {
    expect(verdictOf(shared({ jobSmMean: 75, othersSmMean: 22 }, { sm: 97 }))).toEqual(['healthy', 'watch-no-gpm'])
  })

  it('the GPU idle half the time with another process at 25 %: the job waits on its own side (launch-bound), not on the sharing', () => {
    expect(verdictOf(shared({ jobSmMean: 24, othersSmMean: 25 }, { sm: 49, thread: 99, main: 100 }))).toEqual(['launch-bound', 'launch-bound-small-kernels'])
  })

  it('without per-process figures (nvidia-smi dmon), other processes make the SM figure uncertain, and the verdict says so', () => {
    const j = judgeWatch(shared({}, { sm: 99 }))
    expect(j.verdict).toBe('healthy')
    expect(j.findings.map((f) => [f.id, f.severity])).toEqual([
      ['watch-no-gpm', 'info'],
      ['watch-sm-includes-other-processes', 'info'],
    ])
    expect(j.findings[1]!.message).toContain('nvidia-smi dmon measures the whole GPU')
  })
})

describe('summarising samples', () => {
  it('means per GPU, the idle share (SM < 10 %), PCIe summed over the job\'s GPUs, other GPUs ignored', () => {
    const samples = [
      { gpu: 0, sm: 0, memBandwidth: 0, pcieRxMBps: 100, pcieTxMBps: 10 },
      { gpu: 0, sm: 80, memBandwidth: 40, pcieRxMBps: 300, pcieTxMBps: 30 },
      { gpu: 1, sm: 50, memBandwidth: 20, pcieRxMBps: 1000, pcieTxMBps: 0 },
    ]
    const gpus = summariseGpus(samples, new Map([[0, 2048]]))
    expect(gpus).toEqual([
      {
        index: 0,
        samples: 2,
        smMean: 40,
        idleShare: 0.5,
        memBandwidthMean: 20,
        pcieRxMBps: 200,
        pcieTxMBps: 20,
        jobMemoryMiB: 2048,
        jobSmMean: null,
        othersSmMean: null,
        pcieLink: null,
        pcieCapacityMBps: null,
        pcieLinkShare: null,
        gpm: null,
        smClockMHzMean: null,
        powerWMean: null,
        powerLimitW: null,
      },
    ])
    expect(combineGpus(gpus)).toEqual({ smMean: 40, idleShare: 0.5, memBandwidthMean: 20, pcieMBps: 220, jobSmMean: null, othersSmMean: null, pcieLinkShare: null, gpm: null })
  })

  it('splits SM between the job (main process and workers) and everyone else where the sampler lists processes', () => {
    const base = { gpu: 0, sm: 100, memBandwidth: 30, pcieRxMBps: 1, pcieTxMBps: 1 }
    const samples = [
      { ...base, processes: [{ pid: 10, sm: 30 }, { pid: 11, sm: 5 }, { pid: 99, sm: 65 }] },
      // A tick where the job had no sample: it counts 0 for the job, not "unknown".
      { ...base, processes: [{ pid: 99, sm: 100 }] },
      { ...base, processes: [{ pid: 10, sm: 35 }, { pid: 99, sm: 65 }] },
    ]
    const [gpu] = summariseGpus(samples, new Map([[0, 1000]]), new Set([10, 11]))
    expect(gpu).toMatchObject({ smMean: 100, jobSmMean: 23.3, othersSmMean: 76.7 })
    expect(summariseOtherProcesses(samples, [{ gpuIndex: 0, pid: 99, name: 'python3', usedMemoryMiB: 4000 }, { gpuIndex: 0, pid: null, name: 'hidden', usedMemoryMiB: 10 }])).toEqual([
      { gpuIndex: 0, pid: 99, name: 'python3', usedMemoryMiB: 4000, smMean: 76.7 },
      { gpuIndex: 0, pid: null, name: 'hidden', usedMemoryMiB: 10, smMean: null },
    ])
  })

  it('the busiest thread is the most runnable one, averaged over intervals; a worker seen once counts 0 in the others', () => {
    const thread = (tid: number, percent: number, runnable: number) => ({ tid, name: `t${tid}`, percent, runnable })
    const cpu = summariseCpu([
      { root: { pid: 1, comm: 'python', percent: 60, runnable: 110, threads: [thread(1, 50, 100), thread(2, 10, 10)] }, descendants: [] },
      {
        root: { pid: 1, comm: 'python', percent: 60, runnable: 110, threads: [thread(1, 50, 100), thread(2, 10, 10)] },
        descendants: [{ pid: 9, comm: 'pt_data_worker', percent: 80, runnable: 100, threads: [] }],
      },
    ])
    expect(cpu).toEqual({
      mainPercent: 60,
      mainRunnablePercent: 110,
      threads: 2,
      busiestThread: { tid: 1, name: 't1', cpuPercent: 50, runnablePercent: 100 },
      workers: 1,
      workersPercent: 40,
      busiestWorkerPercent: 50,
      busyWorkers: 1,
    })
  })
})
