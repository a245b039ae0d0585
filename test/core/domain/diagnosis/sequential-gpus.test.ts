import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { gpuLinksStep } from '../../../../src/core/domain/diagnosis/steps/gpu-links'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { summariesZh } from '../../../../src/shared/i18n/summaries'
import type { GpuInfo, MonitorSample } from '../../../../src/shared/gpu'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// 2×H100, PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (test/fixtures/h100-x2-issue23): one thread per GPU
// made steps 5 and 6 fail with "an illegal memory access was encountered"; the probe now loads the GPUs one
// after another there, and a CUDA error in one workload keeps step 6 from blaming NCCL.
const PROBE = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname
const smi = parseSmiOutput(stripCaptureArtifacts(readFileSync(new URL('../../../fixtures/h200-x2/smi/query-csv.txt', import.meta.url), 'utf8')))
if (!('status' in smi)) throw new Error('fixture does not parse')
const probe = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h100-x2-issue23/probe-normal.json', import.meta.url), 'utf8')))
const run06 = JSON.parse(readFileSync(new URL('../../../fixtures/h100-x2-issue23/06-alloc-conf-valid.json', import.meta.url), 'utf8')) as { steps: Array<{ id: string; evidence: { hostGpus: GpuInfo[] } }> }
const hostGpus = run06.steps.find((s) => s.id === 'gpu-visible')!.evidence.hostGpus
const uuids = probe.cuda!.devices.map((d) => d.uuid ?? null)
const pair = (ms: number) => ({ shape: 's', on: { ms, tflops: 100, spreadPercent: 0.5 }, off: { ms: ms * 5, tflops: 20, spreadPercent: 0.5 } })
const runs = uuids.map((uuid, index) => ({ index, uuid, seed: pair(0.6), representative: pair(0.5) }))
const base: ProbeReport = {
  ...probe,
  workloads: {
    sustained: { startedAt: 10_000, endedAt: 20_000, seconds: 10, kernel: 'bf16 matmul 8192x8192', perGpu: uuids.map((uuid, index) => ({ index, uuid, iters: 100, tflops: 690, spreadPercent: 0.4 })) },
    conv: { seed: runs[0]!.seed, representative: runs[0]!.representative, cudnnRequested: true, secondsPerCase: 1, perGpu: runs },
  },
}
const SETTING = 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True'
const measured = { mode: 'sequential' as const, reason: 'expandable-segments', setting: SETTING }

function python(code: string, env: Record<string, string> = {}): string {
  return execFileSync('python3', ['-c', `import importlib.util as u, json\ns = u.spec_from_file_location("p", ${JSON.stringify(PROBE)})\np = u.module_from_spec(s)\ns.loader.exec_module(p)\n${code}`], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
    encoding: 'utf8',
  }).trim()
}

const sample = (time: number, sm: [number, number]): MonitorSample => ({
  time,
  gpus: [0, 1].map((index) => ({ index, utilizationGpu: sm[index]!, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: 60, powerW: 690, powerLimitW: 700, smClockMHz: 1980 })),
})

function inputs(r: ProbeReport, loadSamples: MonitorSample[]): DiagnosisInputs {
  return {
    host: { kind: 'ok', status: { ...(smi as Extract<typeof smi, { status: unknown }>).status, gpus: hostGpus, source: 'live', processes: [] } },
    probe: { ok: true, report: r },
    platform: 'linux',
    idleSamples: [sample(9_000, [0, 0])],
    loadSamples,
    loadState: null,
    probePid: 4242,
  }
}

// Each GPU busy only in its own window: the whole window would read 50 % SM for both.
const samples = [sample(11_000, [100, 0]), sample(13_000, [100, 0]), sample(16_000, [0, 100]), sample(18_000, [0, 100])]

describe('the probe reads the allocator setting as PyTorch does', () => {
  it('expandable_segments:True in PYTORCH_CUDA_ALLOC_CONF or PYTORCH_ALLOC_CONF (which wins) means one GPU after another', () => {
    const read = (env: Record<string, string>) => python('print(json.dumps(p.expandable_segments_setting()))', env)
    expect(read({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' })).toBe(JSON.stringify(SETTING))
    expect(read({ PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:128, expandable_segments:True' })).toContain('expandable_segments:True')
    expect(read({ PYTORCH_ALLOC_CONF: 'expandable_segments:True' })).toBe('"PYTORCH_ALLOC_CONF=expandable_segments:True"')
    expect(read({ PYTORCH_ALLOC_CONF: 'expandable_segments:False', PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' })).toBe('null')
    expect(read({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True,expandable_segments:False' })).toBe('null')
    expect(read({ PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' })).toBe('null')
    expect(read({})).toBe('null')
    const mode = python('print(json.dumps([p.measurement_mode([0, 1]), p.measurement_mode([0])]))', { PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' })
    expect(JSON.parse(mode)).toEqual([measured, { mode: 'concurrent', reason: null, setting: null }])
  })
})

describe('GPUs measured one after another', () => {
  const seq = (): ProbeReport => {
    const w = base.workloads!
    const sustained = w.sustained && 'perGpu' in w.sustained ? w.sustained : null
    const conv = w.conv && 'seed' in w.conv ? w.conv : null
    if (!sustained || !conv) throw new Error('fixture lacks workloads')
    return {
      ...base,
      workloads: {
        ...w,
        sustained: {
          ...sustained,
          startedAt: 10_000,
          endedAt: 20_000,
          measured,
          perGpu: sustained.perGpu.map((g, i) => ({ ...g, startedAt: 10_000 + i * 5_000, endedAt: 15_000 + i * 5_000 })),
        },
        conv: { ...conv, measured },
      },
    }
  }

  it('step 4 judges each GPU in its own window, says so in its summary, evidence and a finding, in both languages', () => {
    const s4 = smUtilisationStep(inputs(seq(), samples))
    expect(s4.evidence.perGpu!.map((g) => g.loadMean)).toEqual([100, 100])
    expect(s4.summaryKey).toBe('sm.allGpusSequential')
    expect(s4.summary).toContain(`one after another (${SETTING} enables expandable segments)`)
    expect(s4.evidence.measured).toEqual(measured)
    const f = s4.findings.find((x) => x.id === 'gpus-measured-one-after-another')
    expect(f).toMatchObject({ severity: 'info', evidence: SETTING })
    expect(f!.message).toContain('GPUs 0, 1 were loaded one after another')
    expect(summariesZh['sm.allGpusSequential']).toContain('依次')
    expect(findingsZh['gpus-measured-one-after-another.message']).toContain('{{setting}}')
  })

  it('step 5 says the cases ran one after another and why', () => {
    const s5 = convTimingStep(inputs(seq(), samples))
    expect(s5.evidence.measured).toEqual(measured)
    expect(s5.evidence.method).toContain(`one after another in one thread, because ${SETTING} enables expandable segments`)
    expect(s5.findings.map((f) => f.id)).toContain('gpus-measured-one-after-another')
  })
})

describe('a CUDA error in step 5 (the real 2×H100 text)', () => {
  const error = 'RuntimeError: cuda:0: AcceleratorError: CUDA error: an illegal memory access was encountered'
  it('step 5 quotes it verbatim with the GPU; step 6 does not blame NCCL but says the earlier error stopped it', () => {
    const r: ProbeReport = {
      ...base,
      workloads: {
        ...base.workloads,
        conv: { error },
        links: { skipped: 'an earlier CUDA error in this process', earlierError: { workload: 'conv', error } },
      },
    }
    const s5 = convTimingStep(inputs(r, samples))
    expect(s5.status).toBe('fail')
    expect(s5.findings[0]!.message).toContain(error)
    const s6 = gpuLinksStep(inputs(r, samples))
    expect(s6.status).toBe('skip')
    expect(s6.summary).toBe(`Not run: an earlier CUDA error in this process (step 5) can leave CUDA unusable, so this result would not be about the links: ${error}`)
    expect(s6.summary).not.toMatch(/NCCL/)
    expect(s6.findings).toEqual([])
  })
})
