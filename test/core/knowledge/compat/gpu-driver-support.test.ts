import { describe, expect, it } from 'vitest'

import { driverSupportsGpu } from '../../../../src/core/knowledge/compat/gpu-driver-support'
import { identifyGpu } from '../../../../src/core/knowledge/compat/gpu-identity'

const support = (name: string, driver: string | null) => driverSupportsGpu(identifyGpu({ name }), driver)

describe('driverSupportsGpu: what a driver runs, by GPU and by architecture', () => {
  it("a GeForce card on a driver older than the card: NVIDIA's list names the RTX 5060 (2d05) first in 570.158.01", () => {
    expect(support('NVIDIA GeForce RTX 5060', '570.133.07')).toEqual({ kind: 'tooOld', minimum: '570.158.01', basis: 'model', mark: 'P' })
    expect(support('NVIDIA GeForce RTX 5060', '570.158.01')).toEqual({ kind: 'supported' })
    // The RTX 5090 (2b85) is listed from 570.86.16; the data-centre 570.86.15 did not list it.
    expect(support('NVIDIA GeForce RTX 5090', '570.86.15')).toMatchObject({ kind: 'tooOld', minimum: '570.86.16' })
    expect(support('NVIDIA GeForce RTX 5090', '560.35.03')).toMatchObject({ kind: 'tooOld' })
    expect(support('NVIDIA GeForce RTX 5090', '575.51.03')).toEqual({ kind: 'supported' })
  })

  it('a family floor where no per-model list decides: Ada needs R520 (sm_89 first in CUDA 11.8)', () => {
    expect(support('NVIDIA GeForce RTX 4090', '515.65.01')).toMatchObject({ kind: 'tooOld', basis: 'family' })
    expect(support('NVIDIA GeForce RTX 4090', '525.60.13')).toEqual({ kind: 'supported' })
  })

  it("an architecture the branch has dropped: Kepler's last branch is R470, Maxwell/Pascal/Volta's R580", () => {
    expect(support('Tesla K80', '535.54.03')).toMatchObject({ kind: 'dropped', arch: 'Kepler', lastBranch: 470 })
    expect(support('Tesla K80', '470.256.02')).toEqual({ kind: 'supported' })
    expect(support('NVIDIA GeForce GTX 1080', '590.48.01')).toMatchObject({ kind: 'dropped', arch: 'Pascal', lastBranch: 580 })
    expect(support('NVIDIA GeForce GTX 1080', '580.126.09')).toEqual({ kind: 'supported' })
    expect(support('Tesla V100-SXM2-16GB', '595.45.04')).toMatchObject({ kind: 'dropped', arch: 'Volta' })
    expect(support('NVIDIA GeForce GTX 1660', '595.45.04')).toEqual({ kind: 'supported' })
  })

  it('nothing is inferred from an unknown GPU, no driver, or a Jetson (its driver comes with JetPack)', () => {
    expect(support('Acme Accelerator 9000', '400.1')).toEqual({ kind: 'notKnown' })
    expect(support('NVIDIA GeForce RTX 5090', null)).toEqual({ kind: 'notKnown' })
    expect(support('NVIDIA Thor', '580.00')).toEqual({ kind: 'notKnown' })
  })
})
