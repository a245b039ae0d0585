import { readdirSync, readFileSync } from 'node:fs'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { checkConsistency, makeConsistent } from '../../src/core/domain/diagnosis/consistency'
import type { DiagnosisInputs } from '../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../src/core/domain/diagnosis/steps/conv-timing'
import { cudnnLoadedStep } from '../../src/core/domain/diagnosis/steps/cudnn-loaded'
import { gpuVisibleStep } from '../../src/core/domain/diagnosis/steps/gpu-visible'
import { lddLinkageStep } from '../../src/core/domain/diagnosis/steps/ldd-linkage'
import { smUtilisationStep } from '../../src/core/domain/diagnosis/steps/sm-utilisation'
import { compatData } from '../../src/core/knowledge/compat/data'
import { csvRowsToStatus, parseCsvQuery } from '../../src/core/platform/nvidia-smi/parse-csv'
import type { StepResult } from '../../src/shared/diagnosis'
import { type ProbeReport, ProbeReportSchema } from '../../src/shared/probe'

// The steps of a diagnosis never contradict each other (src/core/domain/diagnosis/consistency.ts): over every
// saved diagnosis among the fixtures, over the steps recomputed from every captured probe document,
// and over probe documents generated to look like what the probe writes in situations nobody listed.

const fixtures = new URL('../fixtures/', import.meta.url)
const read = (rel: string) => JSON.parse(readFileSync(new URL(rel, fixtures), 'utf8')) as unknown
const csv = readFileSync(new URL('h200-x1/probe/smi.csv', fixtures), 'utf8')
const [header, row] = csv.trim().split('\n') as [string, string]
const host = (n: number) =>
  csvRowsToStatus(parseCsvQuery([header, ...Array.from({ length: n }, (_, i) => row.replace(/^0,/, `${i},`))].join('\n')), { cudaVersion: '13.0' })

function allSteps(inputs: DiagnosisInputs): StepResult[] {
  return [gpuVisibleStep(inputs), cudnnLoadedStep(inputs), lddLinkageStep(inputs), smUtilisationStep(inputs), convTimingStep(inputs)]
}

function inputsOf(report: ProbeReport, hostGpus: number | null): DiagnosisInputs {
  return {
    host:
      hostGpus === null
        ? { kind: 'error', problem: { code: 'not-found', message: 'nvidia-smi not found', detail: null } as never }
        : { kind: 'ok', status: { ...host(hostGpus), source: 'live' } },
    probe: { ok: true, report },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
  }
}

describe('consistency of fixture diagnoses', () => {
  const saved = [
    ...readdirSync(new URL('reports/', fixtures)).filter((f) => f.startsWith('diagnose')).map((f) => `reports/${f}`),
    'h200-x1/probe/diagnose-ok.json',
  ]
  // Saved before a rule existed, with the contradiction that rule catches: step 2 FAILs
  // cudnn-shadowed-by-system-copy while step 3 lists the system cuDNN files mapped without a word.
  const knownContradictions: Record<string, string[]> = { 'reports/diagnose-cudnn-shadow.json': ['cudnn-shadow-unflagged'] }
  for (const rel of saved)
    it(`${rel} has ${knownContradictions[rel] ? 'exactly its known contradiction, which makeConsistent corrects' : 'no contradiction'}`, () => {
      // Saved by older versions: the steps as they were written (summaryKey may be absent).
      const d = read(rel) as { steps: StepResult[] }
      expect(d.steps.length).toBeGreaterThan(0)
      expect(checkConsistency(d.steps).map((v) => v.rule)).toEqual(knownContradictions[rel] ?? [])
      expect(checkConsistency(makeConsistent(d.steps).steps)).toEqual([])
    })

  const probes = readdirSync(new URL('h200-x1/probe/', fixtures)).filter((f) => f.startsWith('probe-'))
  for (const f of probes)
    it(`the steps recomputed from ${f} agree`, () => {
      const report = ProbeReportSchema.parse(read(`h200-x1/probe/${f}`))
      for (const n of [0, 1, 2, null]) expect(checkConsistency(allSteps(inputsOf(report, n)))).toEqual([])
    })
})

const ENV_NAMES = compatData().environment.variables.map((v) => v.name)
const ERRORS = [
  'RuntimeError: CUDA error: an illegal instruction was encountered',
  'RuntimeError: CUDA driver error: out of memory',
  'RuntimeError: CUDA error: no CUDA-capable device is detected',
  'RuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment',
  'RuntimeError: CUDA driver is a stub library',
  'RuntimeError: The NVIDIA driver on your system is too old (found version 12020).',
  'RuntimeError: something nobody has seen before',
  'RuntimeError: CUDA error: invalid device ordinal',
]
const IMPORT_ERRORS = [
  "ModuleNotFoundError: No module named 'torch'",
  "ModuleNotFoundError: No module named 'sympy'",
  'OSError: libcudnn.so.9: cannot open shared object file: No such file or directory',
  'ImportError: /x/torch/lib/libtorch_cuda.so: undefined symbol: cudaGetDriverEntryPointByVersion',
  "ImportError: /lib64/libc.so.6: version `GLIBC_2.28' not found (required by /x/torch/lib/libtorch_cpu.so)",
  'RuntimeError: anything at all',
]
const CUDNN = '/v/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9'
const SYSTEM_CUDNN = '/usr/lib/x86_64-linux-gnu/libcudnn.so.9'

const device = (i: number) =>
  fc.record({
    name: fc.constantFrom('NVIDIA H100 80GB HBM3', 'NVIDIA GeForce RTX 5090', ''),
    cc: fc.constantFrom('9.0', '12.0', '7.0', '0.0'),
    exercise: fc.option(
      fc.record({ ok: fc.boolean(), error: fc.constantFrom(...ERRORS), failedCall: fc.constantFrom('torch.cuda.synchronize(0)', `x.add_(1.0) (kernel on cuda:${i})`) }),
      { nil: undefined },
    ),
  })

const probeDoc = fc
  .record({
    importable: fc.boolean(),
    importError: fc.constantFrom(...IMPORT_ERRORS),
    cudaBuild: fc.constantFrom('13.0', '12.8', null),
    available: fc.boolean(),
    initError: fc.option(fc.constantFrom(...ERRORS), { nil: null }),
    devices: fc.array(fc.nat(3).chain((i) => device(i)), { maxLength: 3 }),
    env: fc.dictionary(fc.constantFrom(...ENV_NAMES), fc.constantFrom('1', '0', '', 'EAGER', 'INFO', 'garbage', 'GPU-bogus', '0,1')),
    cudnnAvailable: fc.boolean(),
    cudnnVersion: fc.constantFrom(91900, 91400, 8907, null),
    mapped: fc.subarray([CUDNN, SYSTEM_CUDNN, '/usr/lib/x86_64-linux-gnu/libcuda.so.1', '/usr/local/cuda/lib64/stubs/libcuda.so']),
    workloadError: fc.option(fc.constantFrom('RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB', 'RuntimeError: weird'), { nil: null }),
    warnings: fc.subarray(['CUDA initialization: Found no NVIDIA driver on your system.', 'User provided device_type of cuda, but CUDA is not available.']),
  })
  .map((g): ProbeReport => {
    const available = g.available
    const initError = g.available ? g.initError : null
    const devices = available
      ? g.devices.map((d, index) => ({
          index,
          name: d.name,
          cc: d.cc,
          totalMemory: 80 << 30,
          smCount: 132,
          uuid: null,
          ...(d.exercise ? { exercise: { ok: d.exercise.ok, calls: [], failedCall: d.exercise.ok ? null : d.exercise.failedCall, error: d.exercise.ok ? null : d.exercise.error } } : {}),
        }))
      : []
    const failed = devices.find((d) => d.exercise && !d.exercise.ok)
    const init = initError ?? failed?.exercise?.error ?? null
    const cudaOk = available && !init
    const wl = (ok: unknown) => (cudaOk ? (g.workloadError ? { error: g.workloadError } : ok) : { skipped: 'CUDA is not available to PyTorch' })
    const timing = { ms: 1, tflops: 100, blocks: 5, spreadPercent: 1 }
    const doc = {
      schemaVersion: 1,
      probeVersion: '1.3.0',
      errors: [],
      warnings: g.warnings,
      python: { version: '3.12.3', executable: '/v/bin/python3', prefix: '/v', platform: 'linux', machine: 'x86_64', inVenv: true },
      env: { LD_LIBRARY_PATH: g.env.LD_LIBRARY_PATH ?? null, CUDA_VISIBLE_DEVICES: g.env.CUDA_VISIBLE_DEVICES ?? null, LD_PRELOAD: g.env.LD_PRELOAD ?? null },
      environment: g.env,
      torch: g.importable
        ? { importable: true, error: null, version: g.cudaBuild ? `2.11.0+cu${g.cudaBuild.replace('.', '')}` : '2.11.0+cpu', cudaBuild: g.cudaBuild }
        : { importable: false, error: g.importError, errorText: g.importError },
      cudnnCopies: [],
      ...(g.importable
        ? {
            cuda: { available, deviceCount: devices.length, archList: ['sm_80', 'sm_90', 'sm_120'], devices, initError: init, driverApiVersion: 13000 },
            cudnn: { available: g.cudnnAvailable, enabled: true, version: g.cudnnVersion, benchmark: false, deterministic: false, allowTf32: true, matmulAllowTf32: false, error: null, nccl: '2.27.7' },
            libraries: { torchLibDir: '/v/lib/python3.12/site-packages/torch/lib', inspected: [], ldd: [], outsideWheel: [] },
            workloads: {
              'cudnn-maps': wl({ mapped: g.mapped }),
              sustained: wl({ startedAt: 1, endedAt: 2, seconds: 1, kernel: 'bf16 matmul', perGpu: devices.map((d) => ({ index: d.index, iters: 10, tflops: 500 })) }),
              conv: wl({ seed: { shape: 's', on: timing, off: timing }, representative: { shape: 'r', on: timing, off: { ...timing, ms: 3 } }, cudnnRequested: true }),
            },
          }
        : {}),
      mappedLibraries: g.mapped,
    }
    return ProbeReportSchema.parse(doc)
  })

describe('consistency of generated diagnoses', () => {
  it('no two steps contradict each other, whatever the probe saw', () => {
    fc.assert(
      fc.property(probeDoc, fc.constantFrom(0, 1, 2, 3, null), (report, hostGpus) => {
        const steps = allSteps(inputsOf(report, hostGpus))
        expect(checkConsistency(steps)).toEqual([])
      }),
      { numRuns: 400 },
    )
  })
})

describe('makeConsistent corrects the way a user should see it', () => {
  const passing = (id: 'gpu-visible' | 'sm-utilisation', status: 'pass' | 'skip', summaryKey: string): StepResult =>
    ({ id, status, summary: 's', summaryKey, summaryParams: {}, evidence: {}, findings: [], durationMs: 0 }) as StepResult

  it('a step 1 PASS beside a skip "because of step 1" becomes a failure with the reason', () => {
    const { steps, violations } = makeConsistent([passing('gpu-visible', 'pass', 'gpuVisible.ok'), passing('sm-utilisation', 'skip', 'skip.noCuda')])
    expect(violations.map((v) => v.rule)).toEqual(['skip-unexplained'])
    expect(steps[0]!.status).toBe('fail')
    expect(steps[0]!.findings.map((f) => f.id)).toEqual(['verdict-lowered-by-consistency-check'])
    expect(checkConsistency(steps)).toEqual([])
  })

  it('a PASS with a warning becomes WARN, and a repeated finding is shown once', () => {
    const f = { id: 'x', severity: 'warning' as const, message: 'm', fix: 'f', evidence: null, params: {} }
    const step = { ...passing('gpu-visible', 'pass', 'gpuVisible.ok'), findings: [f, f] } as StepResult
    const { steps } = makeConsistent([step])
    expect(steps[0]!.status).toBe('warn')
    expect(steps[0]!.findings).toHaveLength(1)
    expect(checkConsistency(steps)).toEqual([])
  })
})
