import { describe, expect, it } from 'vitest'

import { decodeDriverApiVersion, formatCuda, parseCudaTag, parseCudaVersion } from '../../../../src/core/knowledge/compat/cuda-version'

const fmt = (v: { major: number; minor: number } | null) => (v ? formatCuda(v) : null)

describe('CUDA versions', () => {
  it.each([
    ['10.2', '10.2'],
    ['11.0.221', '11.0'],
    ['None', null],
    ['cu102', null],
  ])('parseCudaVersion(%s) = %s', (text, expected) => expect(fmt(parseCudaVersion(text))).toBe(expected))

  it.each([
    ['cu102', '10.2'],
    ['cu128', '12.8'],
    ['py38_cu110', '11.0'],
    ['py3.7_cuda90_cudnn7_1', '9.0'],
    ['py3.8_cuda11.0.221_cudnn8.0.3_0', '11.0'],
    ['cuda92', '9.2'],
    ['py3.9_0', null],
    ['py39_cpu', null],
  ])('parseCudaTag(%s) = %s', (text, expected) => expect(fmt(parseCudaTag(text))).toBe(expected))

  it('decodes the driver API number of "found version NNNNN"', () => {
    expect(formatCuda(decodeDriverApiVersion(11040))).toBe('11.4')
    expect(formatCuda(decodeDriverApiVersion(11000))).toBe('11.0')
    expect(formatCuda(decodeDriverApiVersion(12080))).toBe('12.8')
  })
})
