import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { cudnnLoadedStep } from '../../../../src/core/domain/diagnosis/steps/cudnn-loaded'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { lddLinkageStep } from '../../../../src/core/domain/diagnosis/steps/ldd-linkage'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { csvRowsToStatus, parseCsvQuery } from '../../../../src/core/platform/nvidia-smi/parse-csv'
import type { GpuProcess, GpuStatus, MonitorSample } from '../../../../src/shared/gpu'
import type { ProbeReport } from '../../../../src/shared/probe'
import { ProbeReportSchema } from '../../../../src/shared/probe'

// Real H200 captures (torch 2.11.0+cu130) with the situations of issue 9 planted in them, as they
// were seen live on an H100/H200 (docs/verification/issue-9-*).
const dir = new URL('../../../fixtures/h200-x1/probe/', import.meta.url)
const probe = (name: string): ProbeReport => ProbeReportSchema.parse(JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')))
const baseHost = csvRowsToStatus(parseCsvQuery(readFileSync(new URL('smi.csv', dir), 'utf8')), { cudaVersion: '13.0' })
const WHEEL = '/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib'
const STUB = '/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs/libcuda.so'

function inputs(report: ProbeReport, host: Partial<GpuStatus> = {}, extra: Partial<DiagnosisInputs> = {}): DiagnosisInputs {
  return {
    host: { kind: 'ok', status: { ...baseHost, source: 'live', ...host } },
    probe: { ok: true, report },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: 4242,
    ...extra,
  }
}

const ids = (r: { findings: Array<{ id: string; severity: string }> }) => r.findings.map((f) => `${f.id}:${f.severity}`)
const other = (pid: number, mib: number): GpuProcess => ({
  gpuIndex: 0,
  pid,
  type: 'C',
  name: '/opt/torch/.venv/bin/python3',
  usedMemoryMiB: mib,
  gpuInstanceId: null,
  computeInstanceId: null,
  container: null,
})
const samples = (sm: number, from: number, count: number): MonitorSample[] =>
  Array.from({ length: count }, (_, i) => ({
    time: from + i * 250,
    gpus: [{ index: 0, utilizationGpu: sm, utilizationMemory: 30, memoryUsedMiB: 900, memoryTotalMiB: 143771, temperatureC: 40, powerW: 300, powerLimitW: 700, smClockMHz: 1980 }],
  }))

function stubbed(): ProbeReport {
  const r = structuredClone(probe('probe-ok'))
  r.env.LD_LIBRARY_PATH = '/tmp/stub:/usr/local/lib'
  r.warnings = [
    'CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 34: CUDA driver is a stub library',
  ]
  r.cuda = { ...r.cuda!, available: false, deviceCount: 0, devices: [] }
  r.workloads = { conv: { skipped: 'CUDA is not available to PyTorch' } }
  r.mappedLibraries = [...(r.mappedLibraries ?? []).filter((p) => !p.includes('libcuda.so')), STUB]
  r.libcudaOnLdLibraryPath = [{ dir: '/tmp/stub', realPath: STUB }]
  return r
}

describe('a stub libcuda on the loader path', () => {
  it('step 1 names the stub, its path and an LD_LIBRARY_PATH without it', () => {
    const r = gpuVisibleStep(inputs(stubbed()))
    expect(r.status).toBe('fail')
    expect(ids(r)).toContain('libcuda-stub-loaded:error')
    expect(ids(r)).not.toContain('gpu-not-visible-to-torch:error')
    const f = r.findings.find((x) => x.id === 'libcuda-stub-loaded')!
    expect(f.message).toContain(STUB)
    expect(f.fix).toContain('export LD_LIBRARY_PATH=/usr/local/lib')
  })

  it('step 3 lists libcuda.so.1 with the stub really mapped and fails', () => {
    const r = lddLinkageStep(inputs(stubbed()))
    expect(r.status).toBe('fail')
    const libcuda = (r.evidence.libraries as Array<{ name: string; path: string; origin: string }>).find((l) => l.name === 'libcuda.so.1')
    expect(libcuda).toMatchObject({ path: STUB, origin: 'driver-stub' })
    expect(r.summaryKey).toBe('ldd.stub')
  })

  it('a stub copied where its path does not say "stubs" is still named from the driver\'s own error', () => {
    const r = stubbed()
    r.mappedLibraries = [...(r.mappedLibraries ?? []).filter((p) => !p.includes('libcuda')), '/opt/app/lib/libcuda.so.1']
    r.libcudaOnLdLibraryPath = []
    expect(ids(gpuVisibleStep(inputs(r)))).toContain('libcuda-stub-loaded:error')
  })

  it("the driver's libcuda, cuda-compat and WSL's bridge are told apart in step 3", () => {
    for (const [path, origin] of [
      ['/usr/lib/x86_64-linux-gnu/libcuda.so.580.159.04', 'driver'],
      ['/usr/local/cuda-12.8/compat/libcuda.so.570.124.06', 'forward-compat'],
      ['/usr/lib/wsl/lib/libcuda.so.1', 'wsl'],
    ] as const) {
      const r = structuredClone(probe('probe-ok'))
      r.mappedLibraries = [...(r.mappedLibraries ?? []).filter((p) => !p.includes('libcuda')), path]
      const step = lddLinkageStep(inputs(r))
      expect((step.evidence.libraries as Array<{ name: string; origin: string }>).find((l) => l.name === 'libcuda.so.1')?.origin).toBe(origin)
      expect(step.status).toBe('pass')
    }
  })
})

describe('a wheel library that resolves outside the wheel', () => {
  const elsewhere = (realPath: string, undefinedSymbols: string[] = []): ProbeReport => {
    const r = structuredClone(probe('probe-ok'))
    r.env.LD_LIBRARY_PATH = '/usr/local/cuda/lib64'
    r.libraries!.outsideWheel = [
      {
        name: 'libnvJitLink.so.13',
        path: '/usr/local/cuda/lib64/libnvJitLink.so.13',
        realPath,
        wheelPath: `${WHEEL}/libnvJitLink.so.13`,
        wheelRealPath: `${WHEEL}/libnvJitLink.so.13.0.88`,
        neededBy: '/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so',
        undefinedSymbols,
      },
    ]
    return r
  }

  it('warns with both copies when the versions match', () => {
    const r = lddLinkageStep(inputs(elsewhere('/usr/local/cuda-13.0/lib64/libnvJitLink.so.13.0.88')))
    expect(r.status).toBe('warn')
    const f = r.findings.find((x) => x.id === 'wheel-library-loaded-from-elsewhere')!
    expect(f.message).toContain('/usr/local/cuda-13.0/lib64/libnvJitLink.so.13.0.88 (13.0.88)')
    expect(f.message).toContain(`${WHEEL}/libnvJitLink.so.13.0.88 (13.0.88)`)
    expect(f.fix).toContain('/usr/local/cuda/lib64')
  })

  it('fails when the versions differ', () => {
    expect(lddLinkageStep(inputs(elsewhere('/usr/local/cuda-13.2/lib64/libnvJitLink.so.13.2.51'))).status).toBe('fail')
  })

  it('fails when a symbol is missing, and shows the symbol', () => {
    const r = lddLinkageStep(inputs(elsewhere('/usr/local/cuda-13.0/lib64/libnvJitLink.so.13.0.88', ['undefined symbol: __nvJitLinkComplete_13_2	(libcusparse.so.12)'])))
    expect(r.status).toBe('fail')
    expect(r.findings[0]!.evidence).toContain('__nvJitLinkComplete_13_2')
  })
})

describe('step 3 on a CPU-only build and its counts', () => {
  it('does not apply to a CPU-only build', () => {
    const r = structuredClone(probe('probe-ok'))
    r.torch = { ...r.torch!, version: '2.11.0+cpu', cudaBuild: null }
    expect(lddLinkageStep(inputs(r)).status).toBe('skip')
  })

  it('counts libraries, not the files that need them', () => {
    const r = lddLinkageStep(inputs(probe('probe-ok')))
    const libs = r.evidence.libraries as Array<{ name: string }>
    expect(new Set(libs.map((l) => l.name)).size).toBe(libs.length)
    expect(r.summary).toMatch(new RegExp(`^${libs.length} CUDA libraries`))
  })
})

describe('a GPU busy with another process', () => {
  const busyInputs = () => {
    const r = probe('probe-ok')
    const window = r.workloads?.sustained && 'startedAt' in r.workloads.sustained ? r.workloads.sustained : { startedAt: 10_000, endedAt: 14_000 }
    return inputs(r, { processes: [other(799, 874)] }, {
      idleSamples: samples(100, window.startedAt - 2000, 6),
      loadSamples: samples(100, window.startedAt + 600, 12),
      loadState: { kind: 'ok', status: { ...baseHost, source: 'live', processes: [other(799, 874), other(4242, 2000)] } },
    })
  }

  it('step 4 warns that the GPU was contended and names the other process, not ours', () => {
    const r = smUtilisationStep(busyInputs())
    expect(r.status).toBe('warn')
    expect(ids(r)).toContain('gpu-contended:warning')
    const f = r.findings.find((x) => x.id === 'gpu-contended')!
    expect(f.message).toContain('PID 799 python3')
    expect(f.message).not.toContain('4242')
    expect(r.summaryKey).toBe('sm.contended')
  })

  it('step 5 marks its timings as not representative', () => {
    const r = convTimingStep(busyInputs())
    expect(ids(r)).toContain('timings-not-representative:warning')
    expect(r.evidence.representative).toBe(false)
  })

  it('another busy GPU of the box does not spoil the timings taken on an idle one', () => {
    const report = structuredClone(probe('probe-ok'))
    const gpu0 = { ...baseHost.gpus[0]!, index: 0, uuid: `GPU-${report.cuda!.devices[0]!.uuid}` }
    const gpu1 = { ...baseHost.gpus[0]!, index: 1, uuid: 'GPU-11111111-2222-3333-4444-555555555555' }
    const idle0busy1: MonitorSample[] = samples(0, 0, 4).map((s) => ({ ...s, gpus: [s.gpus[0]!, { ...s.gpus[0]!, index: 1, utilizationGpu: 100 }] }))
    const step = convTimingStep(inputs(report, { gpus: [gpu0, gpu1], processes: [{ ...other(799, 874), gpuIndex: 1 }] }, { idleSamples: idle0busy1 }))
    expect(step.evidence.representative).toBe(true)
    expect(ids(step)).not.toContain('timings-not-representative:warning')
  })

  it('an idle GPU with an idle neighbour process is not called contended', () => {
    const r = probe('probe-ok')
    const s = smUtilisationStep(inputs(r, { processes: [other(900, 2000)] }, { idleSamples: samples(0, 0, 4), loadSamples: samples(99, 5000, 8) }))
    expect(ids(s)).not.toContain('gpu-contended:warning')
    expect(ids(s)).toContain('gpu-shared-with-other-processes:info')
    expect(convTimingStep(inputs(r, { processes: [other(900, 2000)] }, { idleSamples: samples(0, 0, 4) })).evidence.representative).toBe(true)
  })
})

describe('memory held by another process', () => {
  const held = { gpus: baseHost.gpus.map((g) => ({ ...g, memoryUsedMiB: 141_100 })), processes: [other(942, 141_000)] }

  it('warns with the holder and what is free, and never says the GPU ran out of memory', () => {
    const r = gpuVisibleStep(inputs(probe('probe-ok'), held))
    expect(ids(r)).toContain('gpu-memory-held-by-other-processes:warning')
    const f = r.findings.find((x) => x.id === 'gpu-memory-held-by-other-processes')!
    expect(f.message).toContain('137.8 GiB')
    expect(f.message).toContain('2.6 GiB were free')
    expect(f.message).toContain('PID 942')
    const all = [gpuVisibleStep, smUtilisationStep, convTimingStep].flatMap((step) => step(inputs(probe('probe-ok'), held)).findings)
    expect(all.map((x) => x.id)).not.toContain('cuda-oom-or-memory-held')
  })

  it('when the probe itself runs out of memory, step 1 says so and who holds the memory', () => {
    const r = structuredClone(probe('probe-ok'))
    r.cuda = { ...r.cuda!, initError: 'AcceleratorError: CUDA error: out of memory' }
    const step = gpuVisibleStep(inputs(r, held))
    expect(step.status).toBe('fail')
    const f = step.findings.find((x) => x.id === 'cuda-oom-or-memory-held')!
    expect(f.severity).toBe('error')
    expect(f.evidence).toContain('PID 942')
  })

  it('a workload that runs out of memory says so in its own step', () => {
    const r = structuredClone(probe('probe-ok'))
    r.workloads = { ...r.workloads, conv: { error: 'OutOfMemoryError: CUDA out of memory. Tried to allocate 392.00 MiB' } }
    const step = convTimingStep(inputs(r, held))
    expect(step.summaryKey).toBe('workload.oom')
    expect(step.summary).toContain('PID 942')
  })
})

describe('clock events under the deliberate full load', () => {
  const withReasons = (reasons: string) =>
    inputs(probe('probe-ok'), {}, { loadSamples: samples(99, 0, 8), loadState: { kind: 'ok', status: { ...baseHost, source: 'live', gpus: baseHost.gpus.map((g) => ({ ...g, clocksEventReasons: reasons })) } } })

  it('a software power cap is normal: no cooling or PSU advice', () => {
    const r = smUtilisationStep(withReasons('0x0000000000000004'))
    expect(ids(r)).toEqual(['gpu-power-capped-under-load:info'])
    expect(r.findings[0]!.fix).not.toMatch(/cooling|PSU|power supply/i)
    expect(r.status).toBe('pass')
  })

  it('a thermal or hardware slowdown keeps the cooling advice and warns', () => {
    const r = smUtilisationStep(withReasons('0x0000000000000048'))
    expect(ids(r)).toContain('gpu-clock-throttling:warning')
    expect(r.findings.find((f) => f.id === 'gpu-clock-throttling')!.fix).toMatch(/cooling/i)
  })
})

describe('steps do not contradict each other', () => {
  it('a shadowed cuDNN is "another copy is loaded", not "cuDNN is not in use", while step 5 shows it working', () => {
    const inp = inputs(probe('probe-cudnn-shadow'))
    const s2 = cudnnLoadedStep(inp)
    expect(s2.status).toBe('fail')
    expect(s2.summaryKey).toBe('cudnn.shadowed')
    expect(s2.summary).toContain('9.14.0')
    expect(s2.summary).toContain('9.19.0')
    expect(s2.summary).not.toMatch(/not in use/)
    expect(convTimingStep(inp).status).toBe('pass')
  })
})
