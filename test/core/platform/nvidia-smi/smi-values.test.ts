import { describe, expect, it } from 'vitest'

import { firstWord, smiBool, smiInt, smiNull, smiNumber } from '../../../../src/core/platform/nvidia-smi/smi-values'

describe('smiNull', () => {
  it.each([
    '[N/A]',
    'N/A',
    '[Not Supported]',
    'Not Supported',
    '[Requested functionality has been deprecated]',
    'Requested functionality has been deprecated',
    '[Unknown Error]',
    '[Insufficient Permissions]',
    '[GPU requires reset]',
    '',
    '   ',
    ' [N/A] ',
  ])('maps %j to null', (value) => {
    expect(smiNull(value)).toBeNull()
  })

  it('keeps real values, trimmed', () => {
    expect(smiNull(' NVIDIA H200 ')).toBe('NVIDIA H200')
    expect(smiNull('None')).toBe('None')
    expect(smiNull('Insufficient Permissions here')).toBe('Insufficient Permissions here')
    expect(smiNull(null)).toBeNull()
    expect(smiNull(undefined)).toBeNull()
  })
})

describe('smiNumber', () => {
  it.each([
    ['143771 MiB', 143771],
    ['143771', 143771],
    ['0 %', 0],
    ['100%', 100],
    ['75.32 W', 75.32],
    ['700.00 W', 700],
    ['345 MHz', 345],
    ['28 C', 28],
    ['28C', 28],
    ['-8 C', -8],
    ['1075 KB/s', 1075],
    ['16x', 16],
  ])('reads %j as %d', (value, want) => {
    expect(smiNumber(value)).toBe(want)
  })

  it.each(['[N/A]', 'N/A', 'P0', '0x0000000000000001', 'Enabled', '', '12.3.4', 'Not available in WDDM driver model'])(
    'gives null for %j',
    (value) => {
      expect(smiNumber(value)).toBeNull()
    },
  )
})

describe('smiInt', () => {
  it('reads integers only', () => {
    expect(smiInt('3230642')).toBe(3230642)
    expect(smiInt(' 7 ')).toBe(7)
    expect(smiInt('N/A')).toBeNull()
    expect(smiInt('1.5')).toBeNull()
    expect(smiInt('12MiB')).toBeNull()
  })
})

describe('smiBool', () => {
  it.each([
    ['Enabled', true],
    ['Disabled', false],
    ['On', true],
    ['Off', false],
    ['on', true],
    ['Yes', true],
    ['No', false],
  ] as const)('reads %j as %s', (value, want) => {
    expect(smiBool(value)).toBe(want)
  })

  it.each(['[N/A]', 'N/A', 'Default', '', 'Pass-Through'])('gives null for %j', (value) => {
    expect(smiBool(value)).toBeNull()
  })
})

describe('firstWord', () => {
  it('drops the 610 deprecation note', () => {
    expect(firstWord('610.57.04 [Deprecated; will be removed in CUDA 14.0. Use KMD Version instead]')).toBe('610.57.04')
    expect(firstWord('N/A')).toBeNull()
  })
})
