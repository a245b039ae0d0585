import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { ProbeReportSchema, type ProbeReport } from '../../../../src/shared/probe'
import { h100ProbeInputs } from '../../../helpers/probe-inputs'

// H100, PYTORCH_CUDA_ALLOC_CONF=garbage:yes: torch.cuda.get_device_properties(0) raised
// "ValueError: Unrecognized key 'garbage' in CUDA allocator config." and the device came back with
// cc 0.0; step 1 then also said the wheel had no kernels for "sm_00", a cause nothing supports.
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/h100-x2-issue23/${f}`, import.meta.url), 'utf8')
const realRun = JSON.parse(fixture('h100-05-alloc-conf-garbage-diagnosis.json')) as { steps: Array<{ id: string; evidence: { torchDevices: unknown[] } }> }

function unreadableDeviceReport(): ProbeReport {
  const clean = ProbeReportSchema.parse(JSON.parse(fixture('probe-normal.json')))
  const real = realRun.steps.find((s) => s.id === 'gpu-visible')!.evidence.torchDevices[0] as ProbeReport['cuda'] extends infer C ? (C extends { devices: Array<infer D> } ? D : never) : never
  return {
    ...clean,
    env: { ...clean.env, PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' },
    environment: { ...clean.environment, PYTORCH_CUDA_ALLOC_CONF: 'garbage:yes' },
    cuda: { ...clean.cuda!, deviceCount: 1, devices: [real] },
  }
}


describe('a device whose properties could not be read', () => {
  it('fails step 1 quoting the error verbatim, and does not blame the wheel for an unknown architecture', () => {
    const s = gpuVisibleStep(h100ProbeInputs(unreadableDeviceReport()))
    expect(s.status).toBe('fail')
    const ids = s.findings.map((f) => f.id)
    expect(ids).not.toContain('gpu-arch-not-in-wheel')
    expect(ids).toContain('env-pytorch-cuda-alloc-conf')
    expect(s.findings.map((f) => `${f.message}\n${f.evidence ?? ''}`).join('\n')).toContain("Unrecognized key 'garbage' in CUDA allocator config")
  })
})
