import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkExpectedPerformance, expectedFor } from '../../../../src/core/knowledge/compat/expected-performance'
import { mapCudaDevices, visibleHostIndices } from '../../../../src/core/domain/diagnosis/cuda-devices'
import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { gpuLinksStep } from '../../../../src/core/domain/diagnosis/steps/gpu-links'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import type { GpuInfo, GpuStatus, MonitorSample } from '../../../../src/shared/gpu'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// nvidia-smi of the real 2×H200 box (test/fixtures/h200-x2) and the real H200 probe document, with the
// probe's per-GPU results arranged as the multi-GPU probe writes them.
const smi = parseSmiOutput(stripCaptureArtifacts(readFileSync(new URL('../../../fixtures/h200-x2/smi/query-csv.txt', import.meta.url), 'utf8')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const box: GpuStatus = { ...smi.status, source: 'live' }
const UUID0 = 'a3bfea47-2513-0c72-21ed-abcd4ef01a03'
const UUID1 = 'dd43e3bb-90fc-b468-fc04-fe6af740818b'
const base = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-ok.json', import.meta.url), 'utf8')))

interface Gpu {
  ordinal: number
  uuid: string | null
  tflops?: number
  repOnMs?: number
  error?: string
  /** The chunks' 10th–90th percentile spread (default 0.4 %). */
  spread?: number
  /** TFLOP/s of the load's two halves (probe 1.7+); absent: an older probe. */
  halves?: [number, number]
}

function sustainedRow(g: Gpu) {
  if (g.error) return { index: g.ordinal, uuid: g.uuid, error: g.error }
  const tflops = g.tflops ?? 674
  const halves = g.halves ? { firstHalfTflops: g.halves[0], secondHalfTflops: g.halves[1], halvesPercent: (Math.abs(g.halves[0] - g.halves[1]) / tflops) * 100 } : {}
  return { index: g.ordinal, uuid: g.uuid, iters: 100, tflops, spreadPercent: g.spread ?? 0.4, ...halves }
}

function pair(onMs: number, offMs: number, shape: string) {
  return { shape, on: { ms: onMs, tflops: 1, spreadPercent: 0.5 }, off: { ms: offMs, tflops: 1, spreadPercent: 0.5 } }
}

function report(gpus: Gpu[], env: Record<string, string | null> = {}): ProbeReport {
  const runs = gpus.map((g) => ({
    index: g.ordinal,
    uuid: g.uuid,
    seed: pair(0.64, 1.14, 'seed'),
    representative: pair(g.repOnMs ?? 0.49, 2.59, 'rep'),
  }))
  return {
    ...base,
    env: { ...base.env, CUDA_VISIBLE_DEVICES: null, CUDA_DEVICE_ORDER: null, ...env },
    cuda: { ...base.cuda!, deviceCount: gpus.length, devices: gpus.map((g) => ({ index: g.ordinal, name: 'NVIDIA H200', cc: '9.0', totalMemory: 1, smCount: 132, uuid: g.uuid })) },
    workloads: {
      sustained: {
        startedAt: 10_000,
        endedAt: 14_000,
        seconds: 4,
        kernel: 'bf16 matmul 8192x8192',
        perGpu: gpus.map(sustainedRow),
      },
      conv: { seed: runs[0]!.seed, representative: runs[0]!.representative, cudnnRequested: true, secondsPerCase: 1, perGpu: runs },
    },
  }
}

const sample = (time: number, sm: [number, number], power: [number, number] = [690, 690]): MonitorSample => ({
  time,
  gpus: [0, 1].map((index) => ({ index, utilizationGpu: sm[index]!, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 60, powerW: power[index]!, powerLimitW: 700, smClockMHz: 1500 })),
})

function inputs(r: ProbeReport, opts: { idle?: [number, number]; hostGpus?: GpuInfo[]; processes?: GpuStatus['processes'] } = {}): DiagnosisInputs {
  const idle = opts.idle ?? [0, 0]
  return {
    host: { kind: 'ok', status: { ...box, gpus: opts.hostGpus ?? box.gpus, processes: opts.processes ?? [] } },
    probe: { ok: true, report: r },
    platform: 'linux',
    idleSamples: [sample(9_000, idle), sample(9_500, idle)],
    loadSamples: [sample(11_000, [100, 100]), sample(12_000, [100, 100])],
    loadState: null,
    probePid: 4242,
  }
}

const ids = (r: { findings: Array<{ id: string }> }) => r.findings.map((f) => f.id)
const busy0 = [{ gpuIndex: 0, pid: 799, type: 'C', name: 'python3', usedMemoryMiB: 900, gpuInstanceId: null, computeInstanceId: null, container: null }]

describe('CUDA ordinals are matched to physical GPUs by UUID', () => {
  it('CUDA_VISIBLE_DEVICES=1 with GPU 0 busy: steps 4 and 5 judge GPU 1, which was idle (the reported bug)', () => {
    const r = report([{ ordinal: 0, uuid: UUID1 }], { CUDA_VISIBLE_DEVICES: '1' })
    const i = inputs(r, { idle: [100, 0], processes: busy0 })
    const s4 = smUtilisationStep(i)
    expect(s4.evidence.perGpu![0]).toMatchObject({ index: 1, cudaOrdinal: 0, uuid: UUID1, mappedBy: 'uuid', contended: false })
    expect(ids(s4)).not.toContain('gpu-contended')
    expect(s4.summary).not.toMatch(/GPU 0/)
    const s5 = convTimingStep(i)
    expect(ids(s5)).not.toContain('timings-not-representative')
    expect(s5.evidence.perGpu![0]).toMatchObject({ index: 1, cudaOrdinal: 0 })
  })

  it('without UUIDs (an older probe), CUDA_VISIBLE_DEVICES by UUID still names the GPU', () => {
    const r = report([{ ordinal: 0, uuid: null }], { CUDA_VISIBLE_DEVICES: `GPU-${UUID1.slice(0, 8)}` })
    const s4 = smUtilisationStep(inputs(r, { idle: [100, 0], processes: busy0 }))
    expect(s4.evidence.perGpu![0]).toMatchObject({ index: 1, mappedBy: 'visible-devices', contended: false })
  })

  it('reads CUDA_VISIBLE_DEVICES as CUDA does: order kept, stops at the first bad entry, MIG and mixed models unplaced', () => {
    const two = box.gpus
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '1,0' }, two)).toEqual([1, 0])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '0,7,1' }, two)).toEqual([0])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '' }, two)).toEqual([])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: `GPU-${UUID1}` }, two)).toEqual([1])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: 'MIG-1a2b3c4d-0000-0000-0000-000000000000' }, two)).toEqual([null])
    const mixed = [two[0]!, { ...two[1]!, name: 'NVIDIA L4' }]
    // FASTEST_FIRST (the default) may put the faster model first: an index says nothing about nvidia-smi's.
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '1' }, mixed)).toEqual([null])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '1', CUDA_DEVICE_ORDER: 'PCI_BUS_ID' }, mixed)).toEqual([1])
    expect(mapCudaDevices([{ index: 0, uuid: `GPU-${UUID0.toUpperCase()}` }], two, {})[0]).toMatchObject({ hostIndex: 0, mappedBy: 'uuid' })
  })

  it('a device nvidia-smi does not list is said, not guessed', () => {
    const r = report([{ ordinal: 0, uuid: 'ffffffff-0000-0000-0000-000000000000' }], { CUDA_VISIBLE_DEVICES: 'MIG-ffffffff-0000-0000-0000-000000000000' })
    const s4 = smUtilisationStep(inputs(r))
    expect(ids(s4)).toContain('cuda-ordinal-unmapped')
    expect(s4.evidence.perGpu![0]).toMatchObject({ index: 0, mappedBy: null })
  })
})

describe('steps 4 and 5 on every GPU', () => {
  it('GPU 0 busy, GPU 1 free: GPU 0 is measured and labelled, and the verdict says how to run on GPU 1', () => {
    const r = report([
      { ordinal: 0, uuid: UUID0, tflops: 303, repOnMs: 1.1 },
      { ordinal: 1, uuid: UUID1, tflops: 674 },
    ])
    const i = inputs(r, { idle: [100, 0], processes: busy0 })
    const s4 = smUtilisationStep(i)
    expect(s4.evidence.perGpu!.map((g) => [g.index, Math.round(g.tflops), g.contended])).toEqual([
      [0, 303, true],
      [1, 674, false],
    ])
    expect(s4.evidence).toMatchObject({ freeGpus: [1], busyGpus: [0], runOnFree: 'CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1' })
    expect(s4.summary).toBe('GPU 0 was busy with another process (303 TFLOP/s while shared); free: GPU 1 (674 TFLOP/s): run there with CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1')
    // The busy GPU is labelled once; it is not also "slower than its sibling" or "slower than expected".
    expect(ids(s4).sort()).toEqual(['gpu-contended', 'gpus-free-to-use'])
    const s5 = convTimingStep(i)
    expect(ids(s5)).toEqual(['timings-not-representative'])
    expect(s5.evidence.perGpu!.map((g) => [g.index, g.cases[1]!.onMs, g.contended])).toEqual([
      [0, 1.1, true],
      [1, 0.49, false],
    ])
    // cuDNN's effect is judged on the free GPU.
    expect(s5.summary).toContain('on GPU 1')
  })

  it("step 6's own NCCL ranks hold a context on every GPU under load: not reported as another process, the real one still is", () => {
    const r = report([
      { ordinal: 0, uuid: UUID0, tflops: 303, repOnMs: 1.1 },
      { ordinal: 1, uuid: UUID1, tflops: 674 },
    ])
    const rank = (gpuIndex: number, pid: number) => ({ gpuIndex, pid, type: 'C', name: 'python3', usedMemoryMiB: 500, gpuInstanceId: null, computeInstanceId: null, container: null })
    const underLoad = { kind: 'ok' as const, status: { ...box, processes: [...busy0, rank(0, 5001), rank(1, 5002)] } }
    const i = { ...inputs(r, { idle: [100, 0], processes: busy0 }), loadState: underLoad, probeFamilyPids: [5001, 5002] }
    const s4 = smUtilisationStep(i)
    const texts = JSON.stringify(s4.findings)
    expect(texts).toContain('PID 799')
    expect(texts).not.toMatch(/PID 500[12]/)
    expect(ids(s4)).not.toContain('gpu-shared-with-other-processes')
    expect(JSON.stringify(convTimingStep(i).findings)).not.toMatch(/PID 500[12]/)
    // Without knowing they are ours, the same read blames them: the exclusion is what keeps them out.
    expect(JSON.stringify(smUtilisationStep({ ...i, probeFamilyPids: [] }).findings)).toMatch(/PID 5001/)
  })

  it('one GPU slower than its sibling: named, by how much, with each cause checked', () => {
    const r = report([
      { ordinal: 0, uuid: UUID0, tflops: 674 },
      { ordinal: 1, uuid: UUID1, tflops: 560 },
    ])
    const capped = [box.gpus[0]!, { ...box.gpus[1]!, powerLimitW: 500 }]
    const i = inputs(r, { hostGpus: capped })
    const s4 = smUtilisationStep(i)
    const slow = s4.findings.find((f) => f.id === 'gpu-slower-than-siblings')!
    expect(slow.severity).toBe('warning')
    expect(slow.params).toMatchObject({ gpu: 1, reference: '674', percent: '16.9', siblings: '0' })
    expect(slow.message).toContain('power: 690 W of a 500 W limit (below its siblings\' 700 W)')
    expect(slow.message).toContain('other processes: none listed, SM 0% before the load')
    expect(slow.message).toContain('PCIe link and ECC/row remaps: not read during a diagnosis')
    // Also below what an H200 does, measured by the probe itself.
    expect(s4.findings.find((f) => f.id === 'gpu-slower-than-expected')!.params).toMatchObject({ gpu: 1, expected: '673', model: 'H200 SXM' })
    expect(s4.findings.filter((f) => f.id === 'gpu-slower-than-siblings')).toHaveLength(1)
  })

  it('GPUs within the run-to-run spread of each other and of the model raise nothing', () => {
    const s4 = smUtilisationStep(inputs(report([{ ordinal: 0, uuid: UUID0, tflops: 675 }, { ordinal: 1, uuid: UUID1, tflops: 662 }])))
    expect(ids(s4).filter((id) => id.startsWith('gpu-slower'))).toEqual([])
    expect(s4.status).not.toBe('fail')
  })

  // Chunk spreads as the 2 × H200 runs read them (6–12 %), halves as they agree (about 1 %).
  it('a GPU 10 % slower than its sibling is named: the threshold is how steady the loads were, not how their chunks scatter', () => {
    const s4 = smUtilisationStep(
      inputs(
        report([
          { ordinal: 0, uuid: UUID0, tflops: 670, spread: 9, halves: [673, 667] },
          { ordinal: 1, uuid: UUID1, tflops: 603, spread: 10, halves: [606, 600] },
        ]),
      ),
    )
    const slow = s4.findings.find((f) => f.id === 'gpu-slower-than-siblings')!
    expect(slow.params).toMatchObject({ gpu: 1, reference: '670', percent: '10.0', threshold: '4.9' })
    expect(s4.evidence.perGpu?.[1]).toMatchObject({ halvesTflops: [606, 600], steadinessPercent: expect.closeTo(0.995, 2) })
    // A report of an older probe has no halves: its chunk spread stays the threshold (9 + 10 + 3 %), as it was.
    const old = smUtilisationStep(inputs(report([{ ordinal: 0, uuid: UUID0, tflops: 670, spread: 9 }, { ordinal: 1, uuid: UUID1, tflops: 603, spread: 10 }])))
    expect(ids(old)).not.toContain('gpu-slower-than-siblings')
    expect(old.evidence.perGpu?.[1]).toMatchObject({ halvesTflops: null, steadinessPercent: null })
  })

  it('a process idle before the load that slowed GPU 1 during it: named among the causes, and "the results stand" is not said', () => {
    const idleBefore = [{ gpuIndex: 1, pid: 8246, type: 'C', name: 'python3', usedMemoryMiB: 700, gpuInstanceId: null, computeInstanceId: null, container: null }]
    const r = report([
      { ordinal: 0, uuid: UUID0, tflops: 677, halves: [685, 675] },
      { ordinal: 1, uuid: UUID1, tflops: 622, halves: [626, 628] },
    ])
    const s4 = smUtilisationStep(inputs(r, { processes: idleBefore }))
    expect(s4.findings.find((f) => f.id === 'gpu-slower-than-siblings')!.message).toContain('other processes: PID 8246 python3')
    expect(ids(s4)).not.toContain('gpu-shared-with-other-processes')
    expect(s4.evidence.otherProcesses?.map((p) => p.pid)).toEqual([8246])
    // The same process beside a GPU that measured as it should: idle, and the results stand.
    const fine = smUtilisationStep(inputs(report([{ ordinal: 0, uuid: UUID0, tflops: 677, halves: [685, 675] }, { ordinal: 1, uuid: UUID1, tflops: 675, halves: [676, 674] }]), { processes: idleBefore }))
    expect(fine.findings.find((f) => f.id === 'gpu-shared-with-other-processes')!.message).toContain('PID 8246')
  })

  it('a GPU whose speed fell during the load is said to be unsteady, with both halves, and is not judged on its mean', () => {
    const s4 = smUtilisationStep(
      inputs(
        report([
          { ordinal: 0, uuid: UUID0, tflops: 670, halves: [672, 668] },
          { ordinal: 1, uuid: UUID1, tflops: 560, halves: [668, 470] },
        ]),
      ),
    )
    const unsteady = s4.findings.filter((f) => f.id === 'gpu-throughput-unsteady')
    expect(unsteady.map((f) => f.params)).toEqual([expect.objectContaining({ gpu: 1, first: '668', second: '470', percent: '35.4', threshold: 5 })])
    expect(unsteady[0]!.message).toContain('other processes: none listed')
    expect(ids(s4)).not.toContain('gpu-slower-than-siblings')
    expect(ids(s4)).not.toContain('gpu-slower-than-expected')
    expect(s4.status).toBe('warn')
  })

  it('a GPU whose load failed fails the step for that GPU, the others still count', () => {
    const s4 = smUtilisationStep(inputs(report([{ ordinal: 0, uuid: UUID0 }, { ordinal: 1, uuid: UUID1, error: 'RuntimeError: CUDA error: uncorrectable ECC error encountered' }])))
    expect(s4.status).toBe('fail')
    expect(s4.findings.find((f) => f.id === 'gpu-workload-failed')!.params).toMatchObject({ gpu: 1 })
    expect(s4.summary).toMatch(/^SM 100% under load/)
  })

  // One odd block made the representative case's 10th–90th spread 26–36 % in a real 2 × H100 run, while its
  // median repeats within 3 %: the interquartile range (probe 1.7+) is the margin, not that spread.
  it('a conv 9 % slower than the model is named though one odd block spread its timing blocks by 36 %', () => {
    const r = report([{ ordinal: 0, uuid: UUID0 }, { ordinal: 1, uuid: UUID1, repOnMs: 0.54 }])
    const wide = (iqrPercent?: number) => {
      const conv = r.workloads!.conv!
      if (!('perGpu' in conv) || !conv.perGpu) throw new Error('no per-GPU conv')
      const perGpu = conv.perGpu.map((g) => ('representative' in g && g.representative ? { ...g, representative: { ...g.representative, on: { ...g.representative.on, spreadPercent: 36, ...(iqrPercent === undefined ? {} : { iqrPercent }) } } } : g))
      return convTimingStep(inputs({ ...r, workloads: { ...r.workloads, conv: { ...conv, perGpu } } }))
    }
    const slow = wide(2).findings.filter((f) => f.id === 'conv-slower-than-expected')
    expect(slow.map((f) => f.params)).toEqual([expect.objectContaining({ gpu: 1, case: 'representative', percent: '9.0', threshold: '8.1' })])
    // A report of an older probe has no interquartile range: the 10th–90th spread stays the margin.
    expect(ids(wide())).not.toContain('conv-slower-than-expected')
  })

  it('conv slower than the model measured on one GPU: warning for that GPU only', () => {
    const s5 = convTimingStep(inputs(report([{ ordinal: 0, uuid: UUID0 }, { ordinal: 1, uuid: UUID1, repOnMs: 0.6 }])))
    const slow = s5.findings.filter((f) => f.id === 'conv-slower-than-expected')
    expect(slow.map((f) => f.params.gpu)).toEqual([1])
    expect(slow[0]!.params).toMatchObject({ case: 'representative', expected: '0.491', ms: '0.600' })
  })
})

describe('compared with what this GPU model should do', () => {
  const one = (name: string, tflops: number) => {
    const r = report([{ ordinal: 0, uuid: UUID0, tflops }])
    return smUtilisationStep(inputs(r, { hostGpus: [{ ...box.gpus[0]!, name }] }))
  }
  it('an H200 at 600 TFLOP/s is 10.8 % below the probe\'s own H200 figure: warned', () => {
    const f = one('NVIDIA H200', 600).findings.find((x) => x.id === 'gpu-slower-than-expected')!
    expect(f.params).toMatchObject({ tflops: '600', expected: '673', percent: '10.8' })
  })
  it('an A100 at 100 TFLOP/s is far below half its datasheet; a T4 has no figures, which is said', () => {
    expect(one('NVIDIA A100-SXM4-80GB', 100).findings.find((x) => x.id === 'gpu-far-below-datasheet')!.params).toMatchObject({ expected: '156', datasheet: 312 })
    const t4 = one('Tesla T4', 20)
    expect(t4.findings.find((x) => x.id === 'gpu-expected-unknown')!.message).toContain('Tesla T4')
    expect(t4.evidence.expected![0]).toMatchObject({ basis: 'unknown', expected: null })
  })
  it('the table finds models by the names torch and nvidia-smi print, and the data check catches a bad row', () => {
    expect(expectedFor('NVIDIA H100 80GB HBM3')?.model).toBe('H100 SXM')
    expect(expectedFor('NVIDIA H100 PCIe')?.model).toBe('H100 PCIe')
    expect(expectedFor('NVIDIA H200 NVL')?.model).toBe('H200 NVL')
    expect(expectedFor('NVIDIA H200')?.model).toBe('H200 SXM')
    const table = JSON.parse(readFileSync(new URL('../../../../resources/data/gpu-expected-performance.json', import.meta.url), 'utf8'))
    expect(checkExpectedPerformance(table)).toEqual([])
    table.models[0].measured.matmulTflops = 2000
    table.models[1].datasheetDenseBf16.sources = ['nowhere']
    expect(checkExpectedPerformance(table)).toEqual([
      'gpu-expected-performance.json: H100 SXM: measured 2000 TFLOP/s is not below the datasheet\'s 989.5',
      'gpu-expected-performance.json: H200 NVL: source nowhere is not in sources',
    ])
  })
})

describe('--gpus naming a GPU the probe cannot use', () => {
  // What the probe answers on a real 2×H200 for `CUDA_VISIBLE_DEVICES=1 gpu-doctor diagnose --gpus 0`
  // (docs/verification/off-script-h200-x2): --gpus 0 went to the probe as GPU 0's UUID, which CUDA hides.
  const hiddenError = `--gpus GPU-${UUID0}: no visible GPU has this UUID`
  const failed = (env: Record<string, string | null>, error = hiddenError): ProbeReport => {
    const r = report([{ ordinal: 0, uuid: UUID1 }], env)
    return { ...r, workloads: { sustained: { error }, conv: { error }, links: { error } } }
  }
  const withSelection = (r: ProbeReport, selection: string): DiagnosisInputs => ({ ...inputs(r), selection })

  it('hidden by CUDA_VISIBLE_DEVICES: steps 4–6 name the GPU, the variable and the GPUs to choose from, never "run the Python command yourself"', () => {
    const i = withSelection(failed({ CUDA_VISIBLE_DEVICES: '1' }), '0')
    for (const step of [smUtilisationStep(i), convTimingStep(i), gpuLinksStep(i)]) {
      expect(step.status).toBe('fail')
      expect(ids(step)).toEqual(['gpu-selection-unusable'])
      expect(step.findings[0]!.message).toBe(
        '`--gpus 0` asks for GPU 0 (as nvidia-smi numbers them), which the probe\'s CUDA cannot use: with CUDA_VISIBLE_DEVICES="1" it sees nvidia-smi GPU 1 only.',
      )
      expect(step.findings[0]!.fix).toContain('`--gpus 1`')
    }
  })

  it('a GPU this machine does not have, by index or UUID prefix, with CUDA_VISIBLE_DEVICES unset', () => {
    const s4 = smUtilisationStep(withSelection(failed({}, '--gpus 7: no such GPU'), '1,7'))
    expect(s4.findings[0]!.params).toMatchObject({ unusable: '7', visible: '0,1', cvd: '(unset)' })
    const byUuid = smUtilisationStep(withSelection(failed({ CUDA_VISIBLE_DEVICES: '0' }), `GPU-${UUID1.slice(0, 8)}`))
    expect(byUuid.findings[0]!.params).toMatchObject({ unusable: `GPU-${UUID1.slice(0, 8)}`, visible: '0' })
  })

  it('a selection every GPU of which is usable keeps the probe\'s own error (another failure)', () => {
    const s4 = smUtilisationStep(withSelection(failed({ CUDA_VISIBLE_DEVICES: '1' }, 'RuntimeError: CUDA error: unspecified launch failure'), '1'))
    expect(ids(s4)).toEqual(['probe-failed'])
  })

  it('a GPU named twice in CUDA_VISIBLE_DEVICES leaves no GPU, as CUDA does ("1,1" on a real 2×H200)', () => {
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '1,1' }, box.gpus)).toEqual([])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: `0,GPU-${UUID0}` }, box.gpus)).toEqual([])
    expect(visibleHostIndices({ CUDA_VISIBLE_DEVICES: '1,0' }, box.gpus)).toEqual([1, 0])
  })
})
