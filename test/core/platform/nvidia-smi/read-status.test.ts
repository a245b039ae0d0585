import { describe, expect, it } from 'vitest'

import { readGpuState } from '../../../../src/core/platform/nvidia-smi/read-status'
import { fakeSmiEnv } from '../../../helpers/fake-smi'

describe('readGpuState against the replaying nvidia-smi', () => {
  it('reads the H200: driver, CUDA, compute capability, memory, power', async () => {
    const state = await readGpuState({ env: fakeSmiEnv('h200-x1') })
    expect(state.kind).toBe('ok')
    if (state.kind !== 'ok') return
    expect(state.status.driverVersion).toBe('580.159.04')
    expect(state.status.cudaVersion).toBe('13.0')
    expect(state.status.gpus).toHaveLength(1)
    expect(state.status.gpus[0]).toMatchObject({
      index: 0,
      name: 'NVIDIA H200',
      uuid: 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60',
      computeCapability: '9.0',
      memoryTotalMiB: 143771,
      powerLimitW: 700,
      persistenceMode: true,
      migMode: false,
    })
  })

  it('reads both GPUs of the two-GPU box', async () => {
    const state = await readGpuState({ env: fakeSmiEnv('h200-x2') })
    expect(state.kind === 'ok' && state.status.gpus.map((g) => g.uuid)).toEqual([
      'GPU-a3bfea47-2513-0c72-21ed-abcd4ef01a03',
      'GPU-dd43e3bb-90fc-b468-fc04-fe6af740818b',
    ])
  })

  it.each([
    ['missing-driver', 'driver-not-loaded', 'driver-not-loaded'],
    ['mismatch', 'driver-library-mismatch', 'nvml-driver-library-mismatch'],
    ['no-devices', 'no-devices', null],
    ['garbage', 'garbage-output', null],
  ])('explains the %s failure with its failure-mode id', async (fixture, code, failureModeId) => {
    const state = await readGpuState({ env: fakeSmiEnv(fixture) })
    expect(state.kind).toBe('error')
    if (state.kind !== 'error') return
    expect(state.problem.code).toBe(code)
    expect(state.problem.failureModeId).toBe(failureModeId)
    expect(state.problem.fix.length).toBeGreaterThan(20)
  })

  it('times out a hung nvidia-smi and says so', async () => {
    const state = await readGpuState({ env: fakeSmiEnv('hang'), timeoutMs: 500 })
    expect(state.kind === 'error' && state.problem.code).toBe('timeout')
  })

  it('says nvidia-smi is missing and lists where it looked', async () => {
    const state = await readGpuState({ env: { PATH: '/nonexistent' }, nvidiaSmiPath: undefined })
    expect(state.kind).toBe('error')
    if (state.kind !== 'error') return
    expect(state.problem.code).toBe('nvidia-smi-missing')
    expect(state.problem.checked).toContain('/nonexistent/nvidia-smi')
  })
})
