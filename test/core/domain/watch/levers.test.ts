import { describe, expect, it } from 'vitest'

import { combineGpus, summariseGpus } from '../../../../src/core/domain/watch/summary'
import { judgeWatch, type WatchFacts } from '../../../../src/core/domain/watch/verdict'
import { orderByGain } from '../../../../src/core/domain/watch/levers'
import type { WatchGpuSample } from '../../../../src/core/domain/watch/gpu'
import { makeFinding } from '../../../../src/core/domain/findings/finding-catalog'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { watchEn, watchZh } from '../../../../src/shared/i18n/watch'

type Gpm = NonNullable<WatchGpuSample['gpm']>

/** Ten one-second NVML samples of GPU 0 (an H200 unless named otherwise) with these readings, and a job's CPU. */
function facts(sample: Partial<WatchGpuSample>, opts: { name?: string | null; workers?: number; worker?: number; sampler?: string } = {}): WatchFacts {
  const samples: WatchGpuSample[] = Array.from({ length: 10 }, () => ({ gpu: 0, sm: 100, memBandwidth: 30, pcieRxMBps: 0, pcieTxMBps: 0, ...sample }))
  const gpus = summariseGpus(samples, new Map([[0, 4096]])).map((g) => ({ ...g, name: opts.name === undefined ? 'NVIDIA H200' : opts.name }))
  return {
    pid: 1,
    command: 'python train.py',
    container: null,
    seconds: 10,
    sampler: opts.sampler ?? 'NVML',
    gpus,
    ...combineGpus(gpus),
    jobEnded: null,
    otherProcesses: [],
    cpu: {
      mainPercent: 100,
      mainRunnablePercent: 100,
      threads: 8,
      busiestThread: { tid: 1, name: 'python', cpuPercent: 40, runnablePercent: 40 },
      workers: opts.workers ?? 0,
      workersPercent: (opts.worker ?? 0) * (opts.workers ?? 0),
      busiestWorkerPercent: opts.worker ?? 0,
      busyWorkers: opts.workers ?? 0,
    },
    cgroup: { cpuLimit: null, throttledShare: null },
  }
}

// What issue 38's H200 runs read: FP32 matmuls with PyTorch's defaults SM active 97 %, tensor 0 %; an elementwise job DRAM 91 %.
const FP32_MATMUL: Gpm = { smActive: 97, smOccupancy: 12, tensorActive: 0, dramBandwidth: 12, fp32Active: 85 }
const ELEMENTWISE: Gpm = { smActive: 95, smOccupancy: 60, tensorActive: 0, dramBandwidth: 91, fp32Active: 6 }
const SMALL_KERNELS: Gpm = { smActive: 45, smOccupancy: 3, tensorActive: 0, dramBandwidth: 4, fp32Active: 2 }
const BF16_MATMUL: Gpm = { smActive: 98, smOccupancy: 15, tensorActive: 97, dramBandwidth: 25, fp32Active: 1 }

describe('watch names the biggest lever of a busy GPU first, with the measure that decided', () => {
  it('FP32 matmuls on an H200 with tensor cores idle: the headline names TF32/bf16, and the finding this GPU\'s own factor with its source', () => {
    const j = judgeWatch(facts({ gpm: FP32_MATMUL }))
    expect([j.verdict, j.decidedBy, j.headline.key]).toEqual(['healthy', 'gpm-tensor-activity', 'verdict.busyTensorIdle'])
    expect(j.findings[0]!.id).toBe('busy-gpu-tensor-cores-idle')
    expect(j.findings[0]!.message).toContain('(H200 SXM) the datasheet gives FP32 67, TF32 494.5 and bf16 989.5 TFLOP/s dense: TF32 up to 7×, bf16 up to 15×')
    expect(j.findings[0]!.message).toContain('https://www.nvidia.com/en-us/data-center/h200/')
    expect(j.findings[0]!.message).toContain('the SMs are active 97% of the time (GPM), the FP32 units 85% and the tensor cores 0%')
    expect(j.findings[0]!.fix).toContain('torch.set_float32_matmul_precision("high")')
    expect(renderFinding(j.findings[0]!, findingsZh).message).toContain('TF32 最多可快 7 倍，用 bf16 最多可快 15 倍')
  })

  it('an A100 gets its own factor (TF32 156 / FP32 19.5 = 8×, bf16 312 / 19.5 = 16×); a model without figures says the gain is unknown, inventing none', () => {
    expect(judgeWatch(facts({ gpm: FP32_MATMUL }, { name: 'NVIDIA A100-SXM4-80GB' })).findings[0]!.message).toContain('TF32 up to 8×, bf16 up to 16×')
    const unknown = judgeWatch(facts({ gpm: FP32_MATMUL }, { name: 'NVIDIA B200' }))
    expect(unknown.findings[0]!.id).toBe('busy-gpu-tensor-cores-idle-model-unknown')
    expect(unknown.findings[0]!.message).toContain('on this GPU (NVIDIA B200) is unknown')
    expect(unknown.findings[0]!.message).not.toMatch(/\d+×/)
    expect(unknown.findings[0]!.fix).toContain('torch.autocast')
  })

  it('elementwise work at DRAM\'s peak: fusion, decided by DRAM bandwidth; bf16 matmuls with tensor cores at work: healthy with nothing to add', () => {
    const e = judgeWatch(facts({ gpm: ELEMENTWISE }))
    expect([e.decidedBy, e.headline.key, e.findings.map((f) => f.id)]).toEqual(['gpm-dram-bandwidth', 'verdict.busyMemoryBound', ['busy-gpu-memory-bound']])
    expect(e.findings[0]!.fix).toContain('torch.compile')
    const bf16 = judgeWatch(facts({ gpm: BF16_MATMUL }))
    expect([bf16.decidedBy, bf16.headline.key, bf16.findings]).toEqual(['gpm-sm-activity', 'verdict.healthy', []])
  })

  it('few warps per SM with neither tensor cores nor FP32 units busy: occupancy, decided by it, with its figures and the CUDA-graph fix', () => {
    const j = judgeWatch(facts({ gpm: SMALL_KERNELS }))
    expect([j.decidedBy, j.headline.key, j.findings.map((f) => f.id)]).toEqual(['gpm-occupancy', 'verdict.busyLowOccupancy', ['busy-gpu-low-occupancy']])
    expect(j.findings[0]!.message).toContain('SMs are active 45% of the time (GPM) but hold only 3% of the warps')
    expect(j.findings[0]!.fix).toContain('mode="reduce-overhead"')
    // FP32 matmuls with few warps per SM: the tensor cores first (their factor), then occupancy.
    expect(judgeWatch(facts({ gpm: { ...FP32_MATMUL, smOccupancy: 6 } })).findings.map((f) => f.id)).toEqual(['busy-gpu-tensor-cores-idle', 'busy-gpu-low-occupancy'])
    // Tensor cores and FP32 units idle, SMs well filled: not matrix work TF32 would speed up, nothing claimed.
    expect(judgeWatch(facts({ gpm: { ...SMALL_KERNELS, smOccupancy: 40 } })).findings).toEqual([])
    // A watch recorded before the FP32 figure was read: the tensor-core lever as before.
    expect(judgeWatch(facts({ gpm: { ...FP32_MATMUL, fp32Active: null } })).findings.map((f) => f.id)).toEqual(['busy-gpu-tensor-cores-idle'])
    // Healthy tensor-core GEMMs hold SMs with few warps (14.6–18.6 % on our H100): no occupancy finding there.
    expect(judgeWatch(facts({ gpm: { ...BF16_MATMUL, smOccupancy: 8 } })).findings).toEqual([])
  })

  it('an input-bound job whose SMs compute in FP32: the data loader first (the GPU waits for it), then the tensor cores', () => {
    const j = judgeWatch(facts({ sm: 40, gpm: { ...FP32_MATMUL, smActive: 38 } }, { workers: 4, worker: 95 }))
    expect([j.verdict, j.decidedBy]).toEqual(['input-bound', 'worker-cpu'])
    expect(j.findings.map((f) => f.id)).toEqual(['input-pipeline-bottleneck', 'busy-gpu-tensor-cores-idle'])
  })

  it('GPM reads the whole GPU: beside another process at work, no lever is claimed for the job from it', () => {
    const shared = { ...facts({ gpm: FP32_MATMUL }), jobSmMean: 80, othersSmMean: 15, otherProcesses: [{ gpuIndex: 0, pid: 7, name: 'other', usedMemoryMiB: 100, smMean: 15 }] }
    const j = judgeWatch(shared)
    expect([j.verdict, j.headline.key, j.findings.map((f) => f.id)]).toEqual(['healthy', 'verdict.healthy', []])
  })

  it('the order of gain is one explicit function: caveat, what the GPU waits for, tensor cores, fusion, occupancy, information', () => {
    const f = (id: Parameters<typeof makeFinding>[0]) => makeFinding(id, 'info', {})
    const shuffled = [f('watch-no-gpm'), f('busy-gpu-low-occupancy'), f('busy-gpu-memory-bound'), f('busy-gpu-tensor-cores-idle'), f('input-pipeline-bottleneck'), f('watch-job-ended')]
    expect(orderByGain(shuffled).map((x) => x.id)).toEqual([
      'watch-job-ended',
      'input-pipeline-bottleneck',
      'busy-gpu-tensor-cores-idle',
      'busy-gpu-memory-bound',
      'busy-gpu-low-occupancy',
      'watch-no-gpm',
    ])
  })

  it('without GPM (an A100, or nvidia-smi dmon) a busy GPU says which verdicts are out of reach, with what NVML gave: memory busy, SM clock, power', () => {
    const j = judgeWatch(facts({ gpm: null, memBandwidth: 84, smClockMHz: 1410, powerW: 391.6, powerLimitW: 400 }, { name: 'NVIDIA A100-SXM4-80GB' }))
    expect([j.verdict, j.decidedBy, j.headline.key]).toEqual(['healthy', 'sm-utilisation', 'verdict.healthy'])
    expect(j.findings.map((x) => [x.id, x.severity])).toEqual([['watch-no-gpm', 'info']])
    expect(j.findings[0]!.message).toContain('cannot tell whether the tensor cores work or how full the SMs are (occupancy)')
    expect(j.findings[0]!.message).toContain('device memory busy 84% of the time')
    expect(j.findings[0]!.message).toContain('SM clock 1410 MHz, power 392 W of a 400 W limit')
    expect(renderFinding(j.findings[0]!, findingsZh).message).toContain('SM 时钟 1410 MHz')
    // A GPU that waits is judged on what it waits for; nothing is said about GPM there.
    expect(judgeWatch(facts({ sm: 20, gpm: null }, { workers: 4, worker: 95 })).findings.map((x) => x.id)).toEqual(['input-pipeline-bottleneck'])
  })

  it('every new headline and measure has English and Chinese text', () => {
    for (const key of ['verdict.busyTensorIdle', 'verdict.busyMemoryBound', 'verdict.busyLowOccupancy', 'measure.gpm-tensor-activity', 'measure.gpm-dram-bandwidth', 'measure.gpm-occupancy'] as const) {
      expect(watchEn[key]).toBeTruthy()
      expect(watchZh[key]).toBeTruthy()
    }
  })
})
