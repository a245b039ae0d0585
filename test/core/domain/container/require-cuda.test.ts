import { describe, expect, it } from 'vitest'

import { compareVersionsDsl, judgeRequirement, parseRequireCuda, requirementFromEnv } from '../../../../src/core/domain/container/require-cuda'

// As nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04 declares it (forward-compatibility branches per brand, shortened).
const CUDA_12_8 =
  'cuda>=12.8 brand=unknown,driver>=470,driver<471 brand=grid,driver>=470,driver<471 brand=tesla,driver>=470,driver<471 brand=nvidia,driver>=470,driver<471 brand=unknown,driver>=535,driver<536 brand=tesla,driver>=535,driver<536 brand=tesla,driver>=550,driver<551'

describe('parseRequireCuda', () => {
  it('spaces separate alternatives (OR), commas constraints (AND), as libnvidia-container evaluates them', () => {
    const r = parseRequireCuda('cuda>=12.8 brand=tesla,driver>=535,driver<536')!
    expect(r).toEqual([
      [{ key: 'cuda', op: '>=', value: '12.8' }],
      [
        { key: 'brand', op: '=', value: 'tesla' },
        { key: 'driver', op: '>=', value: '535' },
        { key: 'driver', op: '<', value: '536' },
      ],
    ])
    expect(parseRequireCuda('cuda>=')).toBeNull()
    expect(parseRequireCuda('   ')).toBeNull()
  })
})

describe('compareVersionsDsl', () => {
  it('compares numerically with trailing zeros equal (dsl_compare_version)', () => {
    expect(compareVersionsDsl('12.8', '>=', '12.8')).toBe(true)
    expect(compareVersionsDsl('12.10', '>=', '12.9')).toBe(true)
    expect(compareVersionsDsl('12.0', '=', '12')).toBe(true)
    expect(compareVersionsDsl('535.104.05', '<', '536')).toBe(true)
    expect(compareVersionsDsl('535.104.05', '>=', '535')).toBe(true)
    expect(compareVersionsDsl('12.2', '>=', '12.8')).toBe(false)
    expect(compareVersionsDsl('12.x', '>=', '12')).toBeNull()
  })
})

describe('requirementFromEnv', () => {
  it('reads NVIDIA_REQUIRE_CUDA, falls back to cuda>=major.minor for legacy images, and honours NVIDIA_DISABLE_REQUIRE', () => {
    expect(requirementFromEnv({ NVIDIA_REQUIRE_CUDA: 'cuda>=12.8' })).toBe('cuda>=12.8')
    expect(requirementFromEnv({ CUDA_VERSION: '11.8.0' })).toBe('cuda>=11.8')
    expect(requirementFromEnv({ NVIDIA_REQUIRE_CUDA: 'cuda>=12.8', NVIDIA_DISABLE_REQUIRE: 'true' })).toBeNull()
    expect(requirementFromEnv({})).toBeNull()
  })
})

describe('judgeRequirement: can the host driver start this image?', () => {
  it('ok when the driver supports the CUDA (H200, driver 580, CUDA 13.0)', () => {
    expect(judgeRequirement(CUDA_12_8, { driverVersion: '580.159.04', cudaVersion: '13.0' })).toMatchObject({ verdict: 'ok', reason: expect.stringContaining('cuda>=12.8 holds') })
  })

  it('too old when no alternative can hold (driver 525, CUDA 12.0)', () => {
    const fit = judgeRequirement(CUDA_12_8, { driverVersion: '525.147.05', cudaVersion: '12.0' })
    expect(fit.verdict).toBe('too-old')
    expect(fit.reason).toMatch(/needs cuda>=12.8/)
  })

  it('brand-dependent on a 535 driver: only data-centre GPUs start it, through forward compatibility', () => {
    expect(judgeRequirement(CUDA_12_8, { driverVersion: '535.104.05', cudaVersion: '12.2' }).verdict).toBe('brand-dependent')
    expect(judgeRequirement(CUDA_12_8, { driverVersion: '535.104.05', cudaVersion: '12.2', brand: 'tesla' }).verdict).toBe('ok')
    expect(judgeRequirement(CUDA_12_8, { driverVersion: '535.104.05', cudaVersion: '12.2', brand: 'geforce' }).verdict).toBe('too-old')
  })

  it('says when there is nothing to judge', () => {
    expect(judgeRequirement(null, { driverVersion: '580.1', cudaVersion: '13.0' }).verdict).toBe('no-requirement')
    expect(judgeRequirement('cuda>=12.8', { driverVersion: null, cudaVersion: null }).verdict).toBe('unknown')
    expect(judgeRequirement('cuda>>12', { driverVersion: '580', cudaVersion: '13.0' }).verdict).toBe('unknown')
  })
})
