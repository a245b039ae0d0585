import { describe, expect, it } from 'vitest'

import { decodeDriverApiVersion, formatCuda, parseCudaTag, parseCudaVersion } from '../../../src/core/rules/cuda-version'
import { driverMaxCuda } from '../../../src/core/rules/driver-cuda'
import { archNeedOf } from '../../../src/core/rules/gpu-arch'

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

describe('driverMaxCuda', () => {
  it.each([
    ['418.67', '10.1'],
    ['398.36', '9.2'],
    ['411.31', '10.0'],
    ['440.64', '10.2'],
    ['455.38', '11.1'],
    ['515.65.01', '11.7'],
    ['531.68', '12.1'],
    ['565.57.01', '12.7'],
    ['566.36', '12.7'],
    ['570.195.03', '12.8'],
    ['580.159.04', '13.0'],
    ['590.48.01', '13.1'],
    ['610.57.04', '13.3'],
    ['340.108', null],
    ['Could not collect', null],
  ])('%s supports up to CUDA %s', (driver, expected) => expect(fmt(driverMaxCuda(driver))).toBe(expected))
})

describe('archNeedOf', () => {
  it('knows the architectures that need a newer CUDA build', () => {
    expect(archNeedOf('NVIDIA GeForce RTX 5090')).toMatchObject({ arch: 'sm_120', minCuda: { major: 12, minor: 8 } })
    expect(archNeedOf('NVIDIA B200')).toMatchObject({ arch: 'sm_100' })
    expect(archNeedOf('NVIDIA H100 80GB HBM3')).toMatchObject({ arch: 'sm_90', minCuda: { major: 11, minor: 8 } })
    expect(archNeedOf('NVIDIA RTX A5000')).toMatchObject({ arch: 'sm_80' })
    expect(archNeedOf('GRID A100X-8C')).toBeNull()
    expect(archNeedOf('Tesla V100-SXM2-32GB')).toBeNull()
  })
})
