import { describe, expect, it } from 'vitest'

import { DiagnosisSchema } from '../../../../src/shared/diagnosis'
import type { LinkedLibrary } from '../../../../src/shared/evidence'
import { cudnnMajorMatches, groupByOrigin } from '../../../../src/shared/evidence-derive'
import { loadDiagnosis, stepOf } from '../../test-support/diagnosis-fixtures'
import { liveTimeline, smChartData } from '../../../../src/renderer/components/evidence/sm-chart'

const h200 = loadDiagnosis('diagnosis-h200')

describe('typed evidence of a real H200 diagnosis', () => {
  it('step 1: versions, devices and arch coverage', () => {
    const ev = stepOf(h200, 'gpu-visible').evidence
    expect(ev).toMatchObject({ torchVersion: '2.11.0+cu130', torchCuda: '13.0', cudaAvailable: true, driverCuda: '13.0', cudaVisibleDevices: null })
    expect(ev.torchDevices![0]).toMatchObject({ name: 'NVIDIA H200', cc: '9.0', smCount: 132 })
    expect(ev.archCoverage![0]).toEqual({ gpuArch: 'sm_90', covered: true, via: 'sass', entry: 'sm_90' })
  })

  it('step 2: version against the expected major, and the four flags', () => {
    const ev = stepOf(h200, 'cudnn-loaded').evidence
    expect(ev).toMatchObject({ version: '9.19.0', expectedMajor: 9, nccl: '2.28.9' })
    expect(cudnnMajorMatches(ev)).toBe(true)
    expect(cudnnMajorMatches({ ...ev, version: '8.9.7' })).toBe(false)
    expect(cudnnMajorMatches({ ...ev, expectedMajor: null })).toBeNull()
    expect(Object.keys(ev.flags!)).toEqual(['benchmark', 'deterministic', 'allowTf32', 'matmulAllowTf32'])
    expect(ev.flags!.benchmark?.value).toBe(false)
  })

  it('step 3: one row per library with every file that needs it', () => {
    const ev = stepOf(h200, 'ldd-linkage').evidence
    const groups = groupByOrigin(ev.libraries!)
    expect(groups.map((g) => g.origin)).toEqual(['wheel'])
    const cudart = groups[0]!.libraries.find((l) => l.name === 'libcudart.so.13')
    expect(cudart?.neededBy).toBe('libtorch_cuda.so, libc10_cuda.so, _C.cpython-312-x86_64-linux-gnu.so')
    expect(new Set(groups[0]!.libraries.map((l) => l.name)).size).toBe(groups[0]!.libraries.length)
    expect(ev.mappedCudnn!.some((p) => p.endsWith('nvidia/cudnn/lib/libcudnn.so.9'))).toBe(true)
    expect(ev.otherCudnnCopies).toHaveLength(3)
  })

  it('step 4 and 5: per-GPU numbers, timeline and both conv cases', () => {
    const sm = stepOf(h200, 'sm-utilisation').evidence
    expect(sm.perGpu![0]).toMatchObject({ index: 0, loadMean: 100, peakTflops: 989.5, throttles: ['SW power cap'] })
    expect(sm.timeline!.length).toBeGreaterThan(10)
    const conv = stepOf(h200, 'conv-timing').evidence
    expect(conv.cases!.map((c) => c.label)).toEqual(['seed', 'representative'])
    expect(conv.cases![1]!.ratio).toBeGreaterThan(5)
    expect(conv.peak?.source).toMatch(/^https:\/\/www\.nvidia\.com/)
  })

  it('refuses evidence of the wrong shape with the path of the field, rather than showing garbage', () => {
    const bad = structuredClone(h200) as unknown as { steps: Array<{ id: string; evidence: Record<string, unknown> }> }
    bad.steps.find((s) => s.id === 'sm-utilisation')!.evidence.perGpu = [{ index: 'a' }]
    const parsed = DiagnosisSchema.safeParse(bad)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path.join('.')).toMatch(/^steps\.3\.evidence\.perGpu\.0\./)
  })

  it('reads the CPU-only diagnosis, whose skipped steps carry little or no evidence', () => {
    const cpu = loadDiagnosis('diagnosis-debian-cpu-torch')
    expect(stepOf(cpu, 'gpu-visible').evidence.torchCuda).toBeNull()
    expect(stepOf(cpu, 'conv-timing').evidence.cases).toBeUndefined()
  })
})

describe('groupByOrigin', () => {
  const lib = (name: string, path: string | null, origin: string | null, neededBy = 'libtorch_cuda.so'): LinkedLibrary => ({ name, path, origin, why: origin ? `why ${origin}` : null, neededBy })

  it('puts missing libraries first and unknown origins under "other", in a fixed order', () => {
    const groups = groupByOrigin([
      lib('libcudart.so.12', '/usr/local/cuda/lib64/libcudart.so.12', 'cuda-toolkit'),
      lib('libcudnn.so.9', null, null),
      lib('libcublas.so.12', '/site-packages/nvidia/cublas/lib/libcublas.so.12', 'wheel'),
      lib('libfoo.so', '/opt/x/libfoo.so', 'martian'),
      lib('libcudnn.so.9', null, null, '_C.so'),
    ])
    expect(groups.map((g) => g.origin)).toEqual(['missing', 'wheel', 'cuda-toolkit', 'other'])
    expect(groupByOrigin([lib('libcuda.so.1', '/usr/local/cuda/lib64/stubs/libcuda.so', 'driver-stub')])[0]!.origin).toBe('driver-stub')
    expect(groups[0]!.libraries).toEqual([{ ...lib('libcudnn.so.9', null, null), neededBy: 'libtorch_cuda.so, _C.so' }])
    expect(groups[0]!.why).toBeNull()
    expect(groups[2]!.why).toBe('why cuda-toolkit')
  })
})

describe('SM chart data', () => {
  it('groups live samples by time and aligns one series per GPU', () => {
    const timeline = liveTimeline([
      { time: 2000, gpu: 1, sm: 50 },
      { time: 1000, gpu: 0, sm: 0 },
      { time: 2000, gpu: 0, sm: 100 },
      { time: 1000, gpu: 1, sm: 5 },
      { time: 3000, gpu: 0, sm: 99 },
    ])
    expect(timeline.map((p) => p.time)).toEqual([1000, 2000, 3000])
    const data = smChartData(timeline)
    expect(data).toEqual({ xs: [0, 1, 2], gpus: [0, 1], series: [[0, 100, 99], [5, 50, null]], window: null })
  })

  it('places the load window on the same seconds axis', () => {
    const data = smChartData(
      [
        { time: 10_000, gpus: [{ index: 0, sm: 0 }] },
        { time: 12_000, gpus: [{ index: 0, sm: 100 }] },
      ],
      { startedAt: 11_000, endedAt: 15_500 },
    )
    expect(data.window).toEqual([1, 5.5])
    expect(smChartData([], { startedAt: 1, endedAt: 2 }).window).toBeNull()
    expect(smChartData([{ time: 1, gpus: [] }], { startedAt: null, endedAt: 2 }).window).toBeNull()
  })

  it('the H200 timeline covers the load window', () => {
    const sm = stepOf(h200, 'sm-utilisation').evidence
    const data = smChartData(sm.timeline!, { startedAt: sm.loadStartedAt ?? null, endedAt: sm.loadEndedAt ?? null })
    expect(data.gpus).toEqual([0])
    expect(data.window![0]).toBeGreaterThan(0)
    expect(data.window![1]).toBeLessThanOrEqual(data.xs.at(-1)! + 0.5)
  })
})
