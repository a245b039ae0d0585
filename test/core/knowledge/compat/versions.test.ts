import { describe, expect, it } from 'vitest'

import { archCoverage } from '../../../../src/core/knowledge/compat/arch-coverage'
import { compareVersions } from '../../../../src/core/knowledge/compat/compare-versions'
import { expectedCudnnMajor, formatCudnnVersion, isCpuOnlyBuild } from '../../../../src/core/knowledge/compat/versions'

describe('version helpers', () => {
  it('formats cuDNN versions as people write them', () => {
    expect(formatCudnnVersion(91900)).toBe('9.19.0')
    expect(formatCudnnVersion(90100)).toBe('9.1.0')
    expect(formatCudnnVersion(8902)).toBe('8.9.2')
    expect(formatCudnnVersion(7605)).toBe('7.6.5')
    expect(formatCudnnVersion(null)).toBeNull()
  })

  it('knows which cuDNN major each PyTorch ships', () => {
    expect(expectedCudnnMajor('2.3.1+cu121')).toBe(8)
    expect(expectedCudnnMajor('2.4.0+cu124')).toBe(9)
    expect(expectedCudnnMajor('2.11.0+cu130')).toBe(9)
  })

  it('compares CUDA versions numerically', () => {
    expect(compareVersions('12.10', '12.9')).toBe(1)
    expect(compareVersions('13.0', '13.0.0')).toBe(0)
    expect(compareVersions('11.8', '12.1')).toBe(-1)
  })

  it('recognises CPU-only builds', () => {
    expect(isCpuOnlyBuild('2.5.1+cpu', null)).toBe(true)
    expect(isCpuOnlyBuild('1.13.0a0', null)).toBe(true)
    expect(isCpuOnlyBuild('2.11.0+cu130', '13.0')).toBe(false)
  })
})

describe('archCoverage', () => {
  const cu128 = ['sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_100', 'sm_120']
  it('finds exact SASS', () => expect(archCoverage('9.0', cu128)).toMatchObject({ covered: true, via: 'sass', entry: 'sm_90' }))
  it('runs an sm_89 Ada GPU on sm_86 cubins', () => expect(archCoverage('8.9', cu128)).toMatchObject({ covered: true, via: 'sass-compatible', entry: 'sm_86' }))
  it('refuses a Pascal card on a wheel without sm_60', () => expect(archCoverage('6.1', cu128)).toMatchObject({ covered: false }))
  it('falls back to PTX for a newer GPU', () => expect(archCoverage('12.0', ['sm_80', 'sm_90', 'compute_90'])).toMatchObject({ covered: true, via: 'ptx', entry: 'compute_90' }))
  it('does not count arch-specific sm_90a cubins for other GPUs', () => expect(archCoverage('9.1', ['sm_90a'])).toMatchObject({ covered: false }))
  it('flags the RTX 5090 on a cu124 wheel (the no-kernel-image case)', () =>
    expect(archCoverage('12.0', ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90'])).toMatchObject({ covered: false }))
})
