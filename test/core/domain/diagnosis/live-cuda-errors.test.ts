import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { csvRowsToStatus, parseCsvQuery } from '../../../../src/core/platform/nvidia-smi/parse-csv'
import { runProbe } from '../../../../src/core/platform/probe/run-probe'
import { TORCH_PYTHON } from '../../../helpers/pythons'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { quotedVariable } from '../../../../src/core/domain/rules/classify-error'

// The real probe with a stand-in torch that has two "GPUs" (test/helpers/broken-torch/fakecuda): each
// CUDA call step 1 makes runs in Python as on a GPU machine, and a device can be told to fail its kernel
// with a real CUDA error text. Step 1 must fail, quoting the error with the call and the device.
const fake = new URL('../../../helpers/broken-torch/fakecuda', import.meta.url).pathname
const csv = readFileSync(new URL('../../../fixtures/h200-x1/probe/smi.csv', import.meta.url), 'utf8')
const [header, row] = csv.trim().split('\n') as [string, string]
const hostWith = (n: number) =>
  csvRowsToStatus(parseCsvQuery([header, ...Array.from({ length: n }, (_, i) => row.replace(/^0,/, `${i},`).replace('caaf', `caa${i}`))].join('\n')), { cudaVersion: '13.0' })

async function stepOne(env: NodeJS.ProcessEnv, hostGpus = 2) {
  const outcome = await runProbe({ python: TORCH_PYTHON, workloads: [], env: { ...process.env, PYTHONPATH: fake, ...env } })
  if (!outcome.ok) throw new Error(outcome.reason)
  const inputs: DiagnosisInputs = {
    host: { kind: 'ok', status: { ...hostWith(hostGpus), source: 'live' } },
    probe: { ok: true, report: outcome.report },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
  }
  return gpuVisibleStep(inputs)
}

const ids = (s: { findings: Array<{ id: string }> }) => s.findings.map((f) => f.id)

describe('step 1 uses every visible GPU for real', () => {
  it('both devices work: pass, with every call listed per device', async () => {
    const s = await stepOne({})
    expect(s.status).toBe('pass')
    expect(s.evidence.torchDevices?.map((d) => d.exercise?.ok)).toEqual([true, true])
    expect(s.evidence.torchDevices?.[1]?.exercise?.calls).toContain('torch.cuda.synchronize(1)')
  })

  it('an error no rule knows on GPU 1: cuda-error-unrecognised quoting it, the call and the device', async () => {
    const s = await stepOne({ GD_FAKE_DEVICE1_ERROR: 'CUDA error: an illegal instruction was encountered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.' })
    expect(s.status).toBe('fail')
    expect(ids(s)).toEqual(['cuda-error-unrecognised'])
    const f = s.findings[0]!
    expect(f.message).toContain('x.fill_(1.0); x.add_(1.0) (kernel on cuda:1) on GPU 1')
    expect(f.evidence).toContain('RuntimeError: CUDA error: an illegal instruction was encountered\nCompile with')
    expect(f.params.search).toBe('CUDA error: an illegal instruction was encountered')
    expect(f.fix).toContain("torch.device('cuda', 1)")
  })

  it('an error that quotes a variable of the environment names it (the allocator key 2×H100 rejected), in both languages', async () => {
    const s = await stepOne({ PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes', GD_FAKE_DEVICE1_ERROR: "Unrecognized key 'garbage' in CUDA allocator config." })
    expect(s.status).toBe('fail')
    expect(ids(s)).toContain('cuda-error-quotes-environment')
    expect(ids(s)).not.toContain('cuda-error-unrecognised')
    const f = s.findings.find((x) => x.id === 'cuda-error-quotes-environment')!
    expect(f.message).toContain('The error quotes "garbage", which is part of PYTORCH_CUDA_ALLOC_CONF="garbage:yes"')
    expect(f.fix).toContain('env -u PYTORCH_CUDA_ALLOC_CONF')
    expect(f.evidence).toContain("Unrecognized key 'garbage' in CUDA allocator config.")
    expect(findingsZh['cuda-error-quotes-environment.message']).toContain('{{name}}')
    // A variable whose value the error does not quote changes nothing.
    const other = await stepOne({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True', GD_FAKE_DEVICE1_ERROR: 'CUDA error: an illegal instruction was encountered' })
    expect(ids(other)).toContain('cuda-error-unrecognised')
  })

  it('a known error goes through the analyze rules: out of memory on GPU 1', async () => {
    const s = await stepOne({ GD_FAKE_DEVICE1_ERROR: 'CUDA out of memory. Tried to allocate 20.00 MiB. GPU 1 has a total capacity of 79.19 GiB of which 3.56 MiB is free.' })
    expect(s.status).toBe('fail')
    expect(ids(s)).toEqual(['cuda-oom-or-memory-held'])
  })

  it('an empty GPU name never passes', async () => {
    const s = await stepOne({ GD_FAKE_DEVICE0_NAME: '' })
    expect(s.status).toBe('fail')
    expect(s.findings[0]!.message).toMatch(/get_device_properties\(0\)\.name/)
  })

  it('CUDA_LAUNCH_BLOCKING=1 is shown and warned about, with its fix', async () => {
    const s = await stepOne({ CUDA_LAUNCH_BLOCKING: '1', NCCL_DEBUG: 'WARN', CUDA_DEVICE_ORDER: 'PCI_BUS_ID' })
    expect(s.status).toBe('warn')
    expect(ids(s)).toEqual(['env-cuda-launch-blocking'])
    expect(s.findings[0]!.fix).toContain('unset CUDA_LAUNCH_BLOCKING')
    const shown = Object.fromEntries((s.evidence.environment ?? []).map((r) => [r.name, [r.value, r.class, r.active]]))
    expect(shown).toMatchObject({ CUDA_LAUNCH_BLOCKING: ['1', 'debugging-mode', true], NCCL_DEBUG: ['WARN', 'debugging-mode', false], CUDA_DEVICE_ORDER: ['PCI_BUS_ID', 'informational', false] })
    expect((s.evidence.environment ?? []).every((r) => r.source?.startsWith('https://'))).toBe(true)
  })

  it('CUDA_VISIBLE_DEVICES warns only when it hides GPUs the host has', async () => {
    expect(ids(await stepOne({ CUDA_VISIBLE_DEVICES: '0,1' }, 2))).toEqual([])
    const hidden = await stepOne({ CUDA_VISIBLE_DEVICES: '0,1' }, 3)
    expect(ids(hidden)).toEqual(['env-cuda-visible-devices'])
    expect(hidden.findings[0]!.message).toContain('GPUs on the host: 3; PyTorch sees 2 of them.')
  })

  it('a garbage allocator setting is shown as a changed allocator', async () => {
    const s = await stepOne({ PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' })
    expect(ids(s)).toEqual(['env-pytorch-cuda-alloc-conf'])
  })
})

describe('after using every GPU, the probe leaves GPU 0 current', () => {
  it('so the workloads that say "cuda" still run on GPU 0', async () => {
    const { execFileSync } = await import('node:child_process')
    const probe = new URL('../../../../resources/probe/gpu_doctor_probe.py', import.meta.url).pathname
    const code = `import sys, json; sys.argv=['p','--no-ldd']; sys.path.insert(0, ${JSON.stringify(fake)}); import runpy; m = runpy.run_path(${JSON.stringify(probe)}); d = m['main'](['--no-ldd']); import torch; print(torch.cuda.current_device(), d['cuda']['deviceCount'])`
    const out = execFileSync(TORCH_PYTHON, ['-c', code], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    expect(out.trim().split('\n').at(-1)).toBe('0 2')
  })
})

describe('which variable an unknown error quotes', () => {
  it('needs a piece of the value as a word: not a number, True or a short piece', () => {
    expect(quotedVariable("Unrecognized key 'garbage' in CUDA allocator config.", { PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' })?.token).toBe('garbage')
    expect(quotedVariable('expected True at position 1', { PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' })).toBeNull()
    expect(quotedVariable('device 0 failed', { CUDA_VISIBLE_DEVICES: '0' })).toBeNull()
    expect(quotedVariable('garbage_collection failed', { X: 'garbage' })).toBeNull()
    expect(quotedVariable('GPU-8f3a2b1c is not a valid device', { CUDA_VISIBLE_DEVICES: 'GPU-8f3a2b1c' })?.name).toBe('CUDA_VISIBLE_DEVICES')
  })
})
