import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import type { StepResult } from '../../../../src/shared/diagnosis'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'
import { h100ProbeInputs } from '../../../helpers/probe-inputs'

// 2×H100, CUDA_FORCE_PTX_JIT=1: the kernel on each GPU failed with "no kernel image is available" and
// step 1 blamed the wheel (gpu-arch-not-in-wheel) although its own arch evidence shows sm_90 SASS.
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/h100-x2-issue23/${f}`, import.meta.url), 'utf8')
const realRun = JSON.parse(fixture('13-force-ptx-jit.json')) as { steps: StepResult[] }
const realStep1 = realRun.steps.find((s) => s.id === 'gpu-visible')!
// The error each GPU raised in that run, verbatim (the evidence of its findings, after the "where" line).
const raised = realStep1.findings.find((f) => f.id === 'gpu-arch-not-in-wheel')!.evidence!.split('\n').slice(1).join('\n')

// The clean run's probe document on the same machine, with the variable set and each GPU's kernel failing as it did.
function forcedReport(value: string): ProbeReport {
  const clean = ProbeReportSchema.parse(JSON.parse(fixture('probe-normal.json')))
  const kernel = (i: number) => `x.fill_(1.0); x.add_(1.0) (kernel on cuda:${i})`
  return {
    ...clean,
    env: { ...clean.env, CUDA_FORCE_PTX_JIT: value },
    environment: { ...clean.environment, CUDA_FORCE_PTX_JIT: value },
    cuda: {
      ...clean.cuda!,
      devices: clean.cuda!.devices.map((d) => ({ ...d, exercise: { ok: false, calls: d.exercise!.calls.slice(0, 4), failedCall: kernel(d.index), error: raised } })),
    },
  }
}

function stepOne(r: ProbeReport) {
  return gpuVisibleStep(h100ProbeInputs(r))
}

describe('no kernel image while CUDA_FORCE_PTX_JIT is on and the wheel has SASS for the GPU', () => {
  it('the real run blamed the wheel although sm_90 SASS was there', () => {
    expect(realStep1.findings[0]!.id).toBe('gpu-arch-not-in-wheel')
    expect(raised).toContain('no kernel image is available for execution on the device')
  })

  it('the cause is the variable: its finding is the error, with `unset CUDA_FORCE_PTX_JIT`; the wheel is not blamed', () => {
    const s = stepOne(forcedReport('1'))
    expect(s.status).toBe('fail')
    const ids = s.findings.map((f) => f.id)
    expect(ids).not.toContain('gpu-arch-not-in-wheel')
    const f = s.findings[0]!
    expect(f).toMatchObject({ id: 'env-cuda-force-ptx-jit', severity: 'error' })
    expect(f.fix).toContain('unset CUDA_FORCE_PTX_JIT')
    expect(f.evidence).toContain('no kernel image is available')
    expect(f.evidence).toContain('sm_90 via sm_90')
    expect(s.summary).toContain('CUDA_FORCE_PTX_JIT')
  })

  it('with the variable off, the same error still says the wheel lacks kernels', () => {
    const s = stepOne(forcedReport('0'))
    expect(s.findings.map((f) => f.id)).toContain('gpu-arch-not-in-wheel')
  })
})
