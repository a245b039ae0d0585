import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { crashSignal, runProbe, stderrTail } from '../../../../src/core/platform/probe/run-probe'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { TORCH_PYTHON } from '../../../helpers/pythons'

// 2×H100, PYTORCH_CUDA_ALLOC_CONF=garbage:yes: the probe died by a signal and step 1 said only
// "the probe printed no JSON (exit null)". Here a real Python really aborts (test/helpers/broken-torch/abort).
const abortingTorch = new URL('../../../helpers/broken-torch/abort', import.meta.url).pathname

async function stepOne(env: NodeJS.ProcessEnv) {
  const outcome = await runProbe({ python: TORCH_PYTHON, workloads: [], env: { ...process.env, PYTHONPATH: abortingTorch, ...env }, timeoutMs: 60_000 })
  if (outcome.ok) throw new Error('the stand-in torch did not crash')
  const inputs: DiagnosisInputs = {
    host: { kind: 'ok', status: { source: 'live', driverVersion: '580.159.04', cudaVersion: '13.0', gpus: [], processes: [] } as never },
    probe: { ok: false, reason: outcome.reason, stderr: outcome.stderr, crash: outcome.crash, environment: outcome.environment },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
  }
  return gpuVisibleStep(inputs)
}

describe('a probe killed by a signal', () => {
  it('names the signal, quotes its last stderr lines and points at PYTORCH_CUDA_ALLOC_CONF first', async () => {
    const s = await stepOne({ PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' })
    expect(s.status).toBe('fail')
    expect(s.summary).toBe('The probe could not run: the probe was killed by SIGABRT before it printed its report')
    const f = s.findings[0]!
    expect(f.id).toBe('probe-crashed-allocator-setting')
    expect(f.message).toContain('killed by SIGABRT')
    expect(f.message).toContain('with PYTORCH_CUDA_ALLOC_CONF=garbage:yes set')
    expect(f.message).toContain("terminate called after throwing an instance of 'c10::Error'\n  what():  gd-test: allocator config could not be parsed: garbage:yes")
    expect(f.fix).toContain('env -u PYTORCH_CUDA_ALLOC_CONF python3')
    expect(s.evidence.environment?.map((e) => [e.name, e.active])).toContainEqual(['PYTORCH_CUDA_ALLOC_CONF', true])
    expect(findingsZh['probe-crashed-allocator-setting.message']).toContain('{{signal}}')
  })

  it('without an allocator variable: the crash, not a guess', async () => {
    const s = await stepOne({ PYTORCH_CUDA_ALLOC_CONF: undefined, PYTORCH_ALLOC_CONF: undefined })
    expect(s.findings.map((f) => f.id)).toEqual(['probe-crashed'])
    expect(s.findings[0]!.message).toContain('killed by SIGABRT')
    expect(s.findings[0]!.fix).toContain('gdb -batch')
  })

  it('a real SIGSEGV while GPU 1 is exercised: the quote says where, from Python\'s faulthandler', async () => {
    const fake = new URL('../../../helpers/broken-torch/fakecuda', import.meta.url).pathname
    const s = await stepOne({ PYTHONPATH: fake, GD_FAKE_DEVICE1_SEGV: '1', PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' })
    expect(s.summary).toBe('The probe could not run: the probe was killed by SIGSEGV before it printed its report')
    const f = s.findings[0]!
    expect(f.id).toBe('probe-crashed-allocator-setting')
    expect(f.message).toContain('Fatal Python error: Segmentation fault')
    expect(f.message).toMatch(/gpu_doctor_probe\.py", line \d+ in exercise_device/)
  })

  it('a shell wrapper exit status 128+n is that signal; the stderr quote is bounded', () => {
    expect(crashSignal(139, null)).toBe('SIGSEGV')
    expect(crashSignal(134, null)).toBe('SIGABRT')
    expect(crashSignal(1, null)).toBeNull()
    expect(crashSignal(null, 'SIGSEGV')).toBe('SIGSEGV')
    const tail = stderrTail(Array.from({ length: 50 }, (_, i) => `line ${i} ${'x'.repeat(1000)}`).join('\n'))
    expect(tail.split('\n')).toHaveLength(8)
    expect(tail.length).toBeLessThan(8 * 310)
    expect(tail.startsWith('line 42 ')).toBe(true)
  })
})
