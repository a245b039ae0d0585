import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { cudnnLoadedStep } from '../../../../src/core/domain/diagnosis/steps/cudnn-loaded'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { lddLinkageStep } from '../../../../src/core/domain/diagnosis/steps/ldd-linkage'
import { smUtilisationStep } from '../../../../src/core/domain/diagnosis/steps/sm-utilisation'
import { csvRowsToStatus, parseCsvQuery } from '../../../../src/core/platform/nvidia-smi/parse-csv'
import type { MonitorSample } from '../../../../src/shared/gpu'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// Probe documents captured on a real H200 (torch 2.11.0+cu130, cuDNN 9.19) by scripts/gpu/verify-diagnosis.sh.
const dir = new URL('../../../fixtures/h200-x1/probe/', import.meta.url)
const probe = (name: string) => ProbeReportSchema.parse(JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')))
const host = csvRowsToStatus(parseCsvQuery(readFileSync(new URL('smi.csv', dir), 'utf8')), { cudaVersion: '13.0' })

function inputs(name: string, extra: Partial<DiagnosisInputs> = {}): DiagnosisInputs {
  return {
    host: { kind: 'ok', status: { ...host, source: 'live' } },
    probe: { ok: true, report: probe(name) },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
    ...extra,
  }
}

const ids = (r: { findings: Array<{ id: string }> }) => r.findings.map((f) => f.id)

describe('the five steps on a healthy H200', () => {
  const ok = inputs('probe-ok')

  it('step 1 passes: torch 2.11+cu130 sees the H200 with sm_90 compiled in', () => {
    const r = gpuVisibleStep(ok)
    expect(r.status).toBe('pass')
    expect(r.summary).toContain('NVIDIA H200 (sm_90)')
    expect(r.evidence.archCoverage).toEqual([{ gpuArch: 'sm_90', covered: true, via: 'sass', entry: 'sm_90' }])
  })

  it('step 2 passes with cuDNN 9.19.0 (not 91900) and explains the flags', () => {
    const r = cudnnLoadedStep(ok)
    expect(r.status).toBe('pass')
    expect(r.evidence.version).toBe('9.19.0')
    expect(r.evidence.expectedMajor).toBe(9)
    expect(ids(r)).toEqual(['cudnn-benchmark-off'])
  })

  it('step 3 passes: cuDNN resolves from the pip wheel, and the mapped file proves it', () => {
    const r = lddLinkageStep(ok)
    expect(r.status).toBe('pass')
    const libs = r.evidence.libraries as Array<{ name: string; path: string; origin: string }>
    const cudnn = libs.find((l) => l.name === 'libcudnn.so.9')!
    expect(cudnn.origin).toBe('wheel')
    expect(cudnn.path).toBe('/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9')
    expect(r.evidence.mappedCudnn).toContain('/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9')
    // collect_env on this box names the system's 9.14: GPU Doctor lists it as another copy, not the loaded one.
    expect(ids(r)).toEqual(['other-cudnn-copies'])
    expect(r.findings[0]!.severity).toBe('info')
  })

  it('step 5 passes: cuDNN makes the 256→256 layer about 6× faster', () => {
    const r = convTimingStep(ok)
    expect(r.status).toBe('pass')
    const rep = (r.evidence.cases as Array<{ label: string; ratio: number; onTflops: number }>).find((c) => c.label === 'representative')!
    expect(rep.ratio).toBeGreaterThan(4)
    expect(rep.onTflops).toBeGreaterThan(300)
  })

  it('step 4 passes at 100% SM under the real load timeline, and warns when SM% drops below 70', () => {
    const d = JSON.parse(readFileSync(new URL('diagnose-ok.json', dir), 'utf8'))
    const ev = d.steps.find((s: { id: string }) => s.id === 'sm-utilisation').evidence
    const toSample = (t: { time: number; gpus: Array<{ index: number; sm: number | null }> }, scale = 1): MonitorSample => ({
      time: t.time,
      gpus: t.gpus.map((g) => ({ index: g.index, utilizationGpu: g.sm === null ? null : g.sm * scale, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: null, powerW: null, powerLimitW: 700, smClockMHz: null })),
    })
    const split = (scale: number) => ({
      idleSamples: ev.timeline.filter((t: { time: number }) => t.time < ev.loadStartedAt).map((t: never) => toSample(t)),
      loadSamples: ev.timeline.filter((t: { time: number }) => t.time >= ev.loadStartedAt + 500 && t.time <= ev.loadEndedAt).map((t: never) => toSample(t, scale)),
    })
    const report = probe('probe-ok')
    const good = smUtilisationStep({ ...inputs('probe-ok'), ...split(1), probe: { ok: true, report } })
    expect(good.status).toBe('pass')
    const gpu = (good.evidence.perGpu as Array<{ loadMean: number; idleMean: number; tflops: number; percentOfPeak: number }>)[0]!
    expect(gpu.loadMean).toBe(100)
    expect(gpu.idleMean).toBeLessThan(10)
    expect(gpu.percentOfPeak).toBeGreaterThan(40)
    const starved = smUtilisationStep({ ...inputs('probe-ok'), ...split(0.4), probe: { ok: true, report } })
    expect(starved.status).toBe('warn')
    expect(ids(starved)).toContain('low-sm-utilisation')
  })
})

describe('the same H200, broken on purpose', () => {
  it('CUDA_VISIBLE_DEVICES="" fails step 1 with the CUDA_VISIBLE_DEVICES fix and skips the rest', () => {
    const i = inputs('probe-cvd-empty')
    const r = gpuVisibleStep(i)
    expect(r.status).toBe('fail')
    expect(ids(r)).toContain('cuda-visible-devices-misconfigured')
    expect(r.findings[0]!.fix).toMatch(/CUDA_VISIBLE_DEVICES/)
    expect(cudnnLoadedStep(i).status).toBe('skip')
    expect(convTimingStep(i).status).toBe('skip')
  })

  it('a GPU named twice (CUDA_VISIBLE_DEVICES="1,1", run on a real 2×H200): the value and CUDA\'s own words are the evidence', () => {
    const cudaSaid =
      'CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 101: invalid device ordinal (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)'
    const base = probe('probe-cvd-empty')
    const r = gpuVisibleStep(inputs('probe-cvd-empty', { probe: { ok: true, report: { ...base, env: { ...base.env, CUDA_VISIBLE_DEVICES: '1,1' }, warnings: [cudaSaid] } } }))
    expect(r.status).toBe('fail')
    const f = r.findings.find((x) => x.id === 'cuda-visible-devices-misconfigured')!
    expect(f.evidence).toBe(`CUDA_VISIBLE_DEVICES="1,1"\n${cudaSaid}`)
  })

  it('an LD_LIBRARY_PATH cuDNN 9.14 fails step 2 and step 3 names the 9.14 sub-libraries actually mapped', () => {
    const i = inputs('probe-cudnn-shadow')
    const s2 = cudnnLoadedStep(i)
    expect(s2.status).toBe('fail')
    expect(ids(s2)).toContain('cudnn-shadowed-by-system-copy')
    expect(s2.findings[0]!.evidence).toMatch(/compiled {2}against \(9, 19, 0\) but found runtime version \(9, 14, 0\)/)
    const s3 = lddLinkageStep(i)
    expect(s3.status).toBe('fail')
    const shadow = s3.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')!
    expect(shadow.evidence).toContain('/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9.14.0')
  })

  it('cuDNN switched off fails step 2 and step 5 (on/off ratio about 1.0)', () => {
    const i = inputs('probe-disable-cudnn')
    expect(cudnnLoadedStep(i).status).toBe('fail')
    expect(ids(cudnnLoadedStep(i))).toContain('cudnn-disabled')
    const s5 = convTimingStep(i)
    expect(s5.status).toBe('fail')
    expect(ids(s5)).toEqual(expect.arrayContaining(['cudnn-disabled', 'cudnn-not-effective']))
  })
})

describe('step 4 on a two-GPU box', () => {
  it('names every GPU with its TFLOP/s, and the least busy GPU\'s SM%, so one starved GPU is not hidden behind a busy one', () => {
    const report = probe('probe-ok')
    const sustained = report.workloads!.sustained as { startedAt: number; endedAt: number; seconds: number; kernel: string; perGpu: Array<{ index: number; iters: number; tflops: number }> }
    const two = { ...report, workloads: { ...report.workloads, sustained: { ...sustained, perGpu: [sustained.perGpu[0]!, { ...sustained.perGpu[0]!, index: 1 }] } } }
    const gpu = (index: number, sm: number) => ({ index, utilizationGpu: sm, utilizationMemory: null, memoryUsedMiB: null, memoryTotalMiB: null, temperatureC: null, powerW: null, powerLimitW: 700, smClockMHz: null })
    const loadSamples: MonitorSample[] = [1, 2, 3].map((i) => ({ time: sustained.startedAt + 500 + i * 250, gpus: [gpu(0, 100), gpu(1, 45)] }))
    const hosts = { ...host, source: 'live' as const, gpus: [host.gpus[0]!, { ...host.gpus[0]!, index: 1 }] }
    const r = smUtilisationStep({ ...inputs('probe-ok'), host: { kind: 'ok', status: hosts }, probe: { ok: true, report: two }, loadSamples })
    expect(r.status).toBe('warn')
    expect(r.summary).toBe('2 GPUs loaded at once: GPU 0 675, GPU 1 675 TFLOP/s; SM ≥ 45% under load')
    expect(ids(r)).toContain('low-sm-utilisation')
  })
})

describe('the fix’s install command fits the machine (this H200: driver 580.159.04, CUDA 13.0)', () => {
  /** The captured H200 probe with a CPU-only torch in place of 2.11.0+cu130, and the Python changed as given. */
  function cpuTorch(python: Partial<NonNullable<ProbeReport['python']>> = {}, platform: NodeJS.Platform = 'linux'): DiagnosisInputs {
    const r = probe('probe-ok')
    const report: ProbeReport = {
      ...r,
      python: { ...r.python!, ...python },
      torch: { ...r.torch!, version: '2.11.0+cpu', cudaBuild: null },
      cuda: { ...r.cuda!, available: false, deviceCount: 0, devices: [], archList: [] },
    }
    return inputs('probe-ok', { probe: { ok: true, report }, platform })
  }
  const cpuFix = (i: DiagnosisInputs) => gpuVisibleStep(i).findings.find((f) => f.id === 'cpu-only-torch-build')!

  it('CPU torch in the capture’s venv: that venv’s pip, from cu130 (the driver’s CUDA), not cu128', () => {
    const f = cpuFix(cpuTorch())
    expect(f.fix).toContain('`/opt/torch/.venv/bin/python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130`')
    expect(f.fix).not.toContain('cu128')
    expect(f.params.install).toBe('/opt/torch/.venv/bin/python3 -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130')
  })

  it('an externally managed system Python (PEP 668): the command makes a venv first', () => {
    const f = cpuFix(cpuTorch({ executable: '/usr/bin/python3', prefix: '/usr', virtualEnv: null, externallyManaged: true, inVenv: false }))
    expect(f.params.install).toBe('/usr/bin/python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130')
    expect(f.fix).toContain(`\`${f.params.install}\``)
  })

  it('Windows: cmd.exe syntax, the interpreter quoted, a venv under %USERPROFILE%', () => {
    const exe = 'C:\\Program Files\\Python312\\python.exe'
    const f = cpuFix(cpuTorch({ executable: exe, platform: 'win32' }, 'win32'))
    expect(f.params.install).toBe(`"${exe}" -m pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu130`)
    const venv = cpuFix(cpuTorch({ executable: exe, platform: 'win32', externallyManaged: true }, 'win32'))
    expect(venv.params.install).toBe(
      `"${exe}" -m venv "%USERPROFILE%\\torch-venv" && "%USERPROFILE%\\torch-venv\\Scripts\\python.exe" -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130`,
    )
  })

  it('no torch at all: install (not reinstall) for that Python', () => {
    const r = probe('probe-ok')
    const i = inputs('probe-ok', { probe: { ok: true, report: { ...r, torch: { importable: false, error: "ModuleNotFoundError: No module named 'torch'" } } } })
    const f = gpuVisibleStep(i).findings[0]!
    expect(f.id).toBe('torch-not-installed')
    expect(f.fix).toBe('Install PyTorch: `/opt/torch/.venv/bin/python3 -m pip install torch --index-url https://download.pytorch.org/whl/cu130`, or run GPU Doctor with the Python that has torch.')
  })

  it('a driver older than every wheel says so first, and the command is for after the upgrade', () => {
    const old = csvRowsToStatus(parseCsvQuery(readFileSync(new URL('smi.csv', dir), 'utf8')), { cudaVersion: '10.2' })
    const r = gpuVisibleStep({ ...cpuTorch(), host: { kind: 'ok', status: { ...old, source: 'live' } } })
    expect(ids(r)).toEqual(['driver-too-old-for-pytorch', 'cpu-only-torch-build'])
    expect(r.findings[0]!.message).toContain('CUDA 10.2')
    expect(r.findings[0]!.fix).toMatch(/^Upgrade the NVIDIA driver/)
  })
})
