import { describe, expect, it } from 'vitest'

import { compatData } from '../../../../src/core/knowledge/compat/data'
import { compareVersions } from '../../../../src/core/knowledge/compat/compare-versions'
import { chooseWheelIndex, PYTORCH_WHEEL_INDEX } from '../../../../src/core/knowledge/compat/wheel-index'

// Expectations follow resources/data/pytorch-releases.json: read from it where a literal would go stale.
const releases = [...compatData().releases.releases].sort((a, b) => compareVersions(b.latestPatch, a.latestPatch))
const newest = releases[0]!
const newestOffering = (tag: string) => releases.find((r) => r.variants.some((v) => v.variant === tag))

describe('chooseWheelIndex: the highest CUDA wheel the driver runs natively', () => {
  it('driver 13.0 (R580, the H200 capture) → cu130 of the newest release, not cu128', () => {
    const choice = chooseWheelIndex('13.0')
    expect(choice).toMatchObject({ ok: true, cudaTag: 'cu130', cuda: '13.0', indexUrl: 'https://download.pytorch.org/whl/cu130', basis: 'driver', pin: null })
    expect(choice.ok && choice.torch).toBe(newestOffering('cu130')!.latestPatch)
  })

  it('a driver between two variants takes the one below it: 13.1 → cu130, 13.2 → cu132', () => {
    expect(chooseWheelIndex('13.1')).toMatchObject({ cudaTag: 'cu130' })
    expect(chooseWheelIndex('13.2.1')).toMatchObject({ cudaTag: 'cu132' })
  })

  it('driver 12.4 → cu124, from the newest release that still built it, with a note why not the newest', () => {
    const choice = chooseWheelIndex('12.4')
    expect(choice).toMatchObject({ ok: true, cudaTag: 'cu124', cuda: '12.4', indexUrl: `${PYTORCH_WHEEL_INDEX}cu124`, basis: 'driver' })
    expect(choice.ok && choice.torch).toBe(newestOffering('cu124')!.latestPatch)
    expect(choice.ok && choice.note).toMatch(/has no cu124 wheel/)
  })

  it('driver 12.8 (R570) → cu128, and 12.6 → cu126', () => {
    expect(chooseWheelIndex('12.8')).toMatchObject({ cudaTag: 'cu128' })
    expect(chooseWheelIndex('12.6')).toMatchObject({ cudaTag: 'cu126', torch: newest.latestPatch })
  })

  it('driver 11.8 → cu118', () => {
    expect(chooseWheelIndex('11.8')).toMatchObject({ ok: true, cudaTag: 'cu118', indexUrl: `${PYTORCH_WHEEL_INDEX}cu118`, torch: newestOffering('cu118')!.latestPatch })
  })

  it('an old driver (10.2) gets none, and says the driver is too old', () => {
    const choice = chooseWheelIndex('10.2')
    expect(choice).toMatchObject({ ok: false, reason: 'driver-too-old', driverCuda: '10.2', minCuda: '11.7' })
    expect(choice.ok ? '' : choice.note).toMatch(/upgrade the driver/)
  })

  it('an unknown driver → the newest release’s default variant, with a note', () => {
    const fallback = newest.variants.find((v) => v.pypiDefault)!
    for (const unknown of [null, undefined, '', 'N/A']) {
      const choice = chooseWheelIndex(unknown)
      expect(choice).toMatchObject({ ok: true, torch: newest.latestPatch, cudaTag: fallback.variant, basis: 'default' })
      expect(choice.ok && choice.note).toMatch(/not known/)
    }
    // For "driver too old for this build" with the driver not shown: the newest release's lowest CUDA.
    expect(chooseWheelIndex(null, { unknownDriver: 'lowest' })).toMatchObject({ cudaTag: 'cu126' })
  })

  it('passes over Linux-only variants on Windows: driver 12.9 → cu129 on Linux, the Windows build on Windows', () => {
    const linux = chooseWheelIndex('12.9')
    const windows = chooseWheelIndex('12.9', { platform: 'win32' })
    expect(linux).toMatchObject({ cudaTag: 'cu129' })
    expect(linux.ok && linux.torch).toBe(newestOffering('cu129')!.latestPatch)
    expect(windows.ok && windows.cudaTag).toBe('cu129')
    const winRelease = releases.find((r) => r.variants.some((v) => v.variant === 'cu129' && !v.linuxOnly))!
    expect(windows.ok && windows.torch).toBe(winRelease.latestPatch)
  })

  it('with the GPUs known, only a wheel with their kernels counts (and pins torch where pip would take a newer one)', () => {
    // An RTX 5090 (sm_120) on driver 12.8: cu128 has sm_120.
    expect(chooseWheelIndex('12.8', { gpus: ['12.0'] })).toMatchObject({ cudaTag: 'cu128', pin: null })
    // A GTX 1080 (sm_61) on driver 13.0: the cu130 wheels start at sm_75; cu126 still has sm_60 code.
    expect(chooseWheelIndex('13.0', { gpus: ['6.1'] })).toMatchObject({ cudaTag: 'cu126', torch: newest.latestPatch, pin: null })
    // A V100 (sm_70) on driver 12.8: the newest cu128 dropped Volta, an older one has it: pinned.
    const volta = chooseWheelIndex('12.8', { gpus: ['7.0'] })
    expect(volta).toMatchObject({ ok: true, cudaTag: 'cu128' })
    expect(volta.ok && volta.pin).toBe(`torch==${volta.ok && volta.torch}`)
    expect(volta.ok && compareVersions(volta.torch, newestOffering('cu128')!.latestPatch)).toBeLessThan(0)
    // A Kepler card no wheel has kernels for: the driver alone decides.
    expect(chooseWheelIndex('13.0', { gpus: ['3.0'] })).toMatchObject({ ok: true, cudaTag: 'cu130', note: expect.stringMatching(/No wheel/) })
  })
})
