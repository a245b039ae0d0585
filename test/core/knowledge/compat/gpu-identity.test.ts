import { describe, expect, it } from 'vitest'

import { identifyGpu } from '../../../../src/core/knowledge/compat/gpu-identity'

// Expected values come from the pinned pci.ids section (resources/data/sources/pci-ids-nvidia.txt)
// and NVIDIA's CUDA GPUs page (developer.nvidia.com/cuda-gpus): chip → compute capability.
const known = (report: Parameters<typeof identifyGpu>[0]) => {
  const id = identifyGpu(report)
  if (id.kind !== 'known') throw new Error(`${JSON.stringify(report)} → ${id.kind}`)
  return id
}

describe('identifyGpu: what a GPU is, from what it reports', () => {
  it('the live compute capability wins over the name', () => {
    // "RTX 6000" alone is Quadro RTX 6000 (7.5), RTX 6000 Ada (8.9) or RTX PRO 6000 Blackwell (12.0).
    expect(identifyGpu({ name: 'NVIDIA RTX 6000' }).kind).toBe('ambiguous')
    expect(known({ name: 'NVIDIA RTX 6000', computeCapability: '8.9' })).toMatchObject({ cc: '8.9', arch: 'Ada Lovelace', via: 'live' })
  })

  it('a PCI device ID places the GPU through its chip (pci.ids: 2b85 GB202 [GeForce RTX 5090], 2684 AD102 [GeForce RTX 4090])', () => {
    for (const given of ['10de:2b85', '0x2B85', '2b85']) expect(known({ pciDeviceId: given })).toMatchObject({ cc: '12.0', arch: 'Blackwell', chip: 'GB202', via: 'pci-id' })
    expect(known({ pciDeviceId: '2684' })).toMatchObject({ cc: '8.9', arch: 'Ada Lovelace', chip: 'AD102' })
    expect(known({ pciDeviceId: '20b0' })).toMatchObject({ cc: '8.0', arch: 'Ampere', chip: 'GA100' })
    expect(known({ pciDeviceId: '1db4' })).toMatchObject({ cc: '7.0', arch: 'Volta' })
    // The device ID settles a name sold on two chips: GTX 750 Ti is GM107 (5.0), also GK106 (3.0).
    expect(known({ name: 'NVIDIA GeForce GTX 750 Ti', pciDeviceId: '11c7' })).toMatchObject({ cc: '3.0', arch: 'Kepler' })
  })

  it('a model missing from the name table still has its architecture, through pci.ids product names', () => {
    expect(known({ name: 'NVIDIA RTX A4500' })).toMatchObject({ cc: '8.6', arch: 'Ampere', chip: 'GA102GL' })
    expect(known({ name: 'NVIDIA GeForce GTX 1630' })).toMatchObject({ cc: '7.5', arch: 'Turing' })
    // Sold as an RTX 20 part, built on Ampere GA107 (pci.ids 25a9, 25ad).
    expect(known({ name: 'NVIDIA GeForce RTX 2050' })).toMatchObject({ cc: '8.6', arch: 'Ampere' })
    expect(known({ name: 'NVIDIA RTX 6000D' })).toMatchObject({ cc: '12.0', arch: 'Blackwell' })
    // Sold as RTX 30, built on AD106/AD107 (pci.ids 2822, 28a3): Ada, not Ampere.
    expect(known({ name: 'NVIDIA GeForce RTX 3050 A Laptop GPU' })).toMatchObject({ cc: '8.9', arch: 'Ada Lovelace' })
    expect(known({ name: 'GB202' })).toMatchObject({ cc: '12.0', via: 'chip' })
  })

  it("NVIDIA's naming families place a pasted model name", () => {
    expect(known({ name: 'NVIDIA RTX PRO 6000D Blackwell' })).toMatchObject({ cc: '12.0', arch: 'Blackwell' })
    expect(known({ name: 'NVIDIA H20' })).toMatchObject({ cc: '9.0', arch: 'Hopper' })
    expect(known({ name: 'NVIDIA H800' })).toMatchObject({ cc: '9.0', arch: 'Hopper' })
    expect(known({ name: 'NVIDIA A800-SXM4-80GB' })).toMatchObject({ cc: '8.0', arch: 'Ampere' })
    expect(known({ name: 'NVIDIA L20' })).toMatchObject({ cc: '8.9', arch: 'Ada Lovelace' })
  })

  it('the host CPU is a fact of the GPU: Grace and GB10 systems and Jetsons are aarch64', () => {
    for (const name of ['NVIDIA GH200 480GB', 'NVIDIA GB200', 'NVIDIA GB300', 'NVIDIA GB10']) expect(known({ name }).hostArch, name).toBe('aarch64')
    for (const id of ['2342', '31c2', '2e12', '2b00']) expect(known({ pciDeviceId: id }).hostArch, id).toBe('aarch64')
    for (const name of ['NVIDIA H100 80GB HBM3', 'NVIDIA B200', 'NVIDIA B300 SXM6 AC', 'NVIDIA GeForce RTX 5090']) expect(known({ name }).hostArch, name).toBe('any')
  })

  it('a Jetson module is known under its module name as under its other names', () => {
    for (const name of ['Jetson AGX Orin', 'Orin NX', 'Jetson Orin Nano', 'Orin (nvgpu)']) expect(known({ name })).toMatchObject({ tegra: 'orin', hostArch: 'aarch64', cc: '8.7' })
    for (const name of ['Thor', 'NVIDIA Thor', 'Jetson AGX Thor', 'Jetson T5000', 'Jetson T4000']) expect(known({ name })).toMatchObject({ tegra: 'thor', hostArch: 'aarch64', cc: '11.0' })
    expect(known({ pciDeviceId: '2b00' })).toMatchObject({ tegra: 'thor', cc: '11.0' })
    expect(known({ name: 'Jetson AGX Xavier' })).toMatchObject({ tegra: 'xavier', hostArch: 'aarch64' })
  })

  it('a GPU nothing identifies is unknown: no architecture is guessed', () => {
    expect(identifyGpu({ name: 'Acme Accelerator 9000' })).toEqual({ kind: 'unknown' })
    // GR100 is in pci.ids, but NVIDIA's CUDA GPUs page does not place it yet.
    expect(identifyGpu({ pciDeviceId: '30c0' })).toEqual({ kind: 'unknown' })
    expect(identifyGpu({ pciDeviceId: 'ffff' })).toEqual({ kind: 'unknown' })
    expect(identifyGpu({})).toEqual({ kind: 'unknown' })
  })
})
