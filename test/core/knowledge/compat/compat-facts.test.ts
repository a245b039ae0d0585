import { describe, expect, it } from 'vitest'

import { archNeedOf } from '../../../../src/core/knowledge/compat/arch-need'
import { compatData } from '../../../../src/core/knowledge/compat/data'
import { driverMaxCuda } from '../../../../src/core/knowledge/compat/driver-max-cuda'
import { gaToolkit } from '../../../../src/core/knowledge/compat/driver'
import { resolveGpuName } from '../../../../src/core/knowledge/compat/gpu-names'
import { recommend } from '../../../../src/core/domain/recommend/recommend'
import { formatCuda } from '../../../../src/core/knowledge/compat/cuda-version'
import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

// One source of compatibility facts (resources/data), read by analyze, diagnosis, recommend and Docker.
const fmt = (v: ReturnType<typeof driverMaxCuda>) => (v ? formatCuda(v) : null)

describe('driverMaxCuda, from the driver-branch table', () => {
  it.each([
    ['367.48', '8.0'],
    ['384.130', '9.0'],
    ['398.36', '9.2'],
    ['418.67', '10.1'],
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
    ['595.71.05', '13.2'],
    ['610.57.04', '13.3'],
    ['340.108', null],
    ['Could not collect', null],
  ])('%s supports up to CUDA %s', (driver, expected) => expect(fmt(driverMaxCuda(driver))).toBe(expected))
})

describe('archNeedOf, from gpus.json', () => {
  it('knows the architectures that need a newer CUDA build', () => {
    expect(archNeedOf('NVIDIA GeForce RTX 5090')).toMatchObject({ arch: 'sm_120', minCuda: { major: 12, minor: 8 } })
    expect(archNeedOf('NVIDIA B200')).toMatchObject({ arch: 'sm_100' })
    expect(archNeedOf('NVIDIA H100 80GB HBM3')).toMatchObject({ arch: 'sm_90', minCuda: { major: 11, minor: 8 } })
    expect(archNeedOf('NVIDIA RTX A5000')).toMatchObject({ arch: 'sm_86', minCuda: { major: 11, minor: 0 } })
    expect(archNeedOf('Tesla V100-SXM2-32GB')).toMatchObject({ arch: 'sm_70', minCuda: { major: 9, minor: 0 } })
    expect(archNeedOf('GRID A100X-8C')).toBeNull()
  })

  it('a GPU with no name row of its own is placed through pci.ids (GA102GL [RTX A4500], GA107 [GeForce RTX 2050]); an unknown one is not guessed', () => {
    expect(archNeedOf('NVIDIA RTX A4500')).toMatchObject({ arch: 'sm_86' })
    // Sold as an RTX 20 part, built on Ampere GA107.
    expect(archNeedOf('NVIDIA GeForce RTX 2050')).toMatchObject({ arch: 'sm_86' })
    expect(archNeedOf('Acme Accelerator 9000')).toBeNull()
  })

  it('"RTX 5000 Ada Generation" is Ada 8.9 and "Quadro RTX 5000" Turing 7.5, not Blackwell', () => {
    expect(archNeedOf('NVIDIA RTX 5000 Ada Generation')).toMatchObject({ arch: 'sm_89' })
    expect(archNeedOf('Quadro RTX 5000')).toMatchObject({ arch: 'sm_75' })
    const env = (gpu: string) => `PyTorch version: 2.0.1+cu118
Is debug build: False
CUDA used to build PyTorch: 11.8
OS: Ubuntu 22.04.3 LTS (x86_64)
Is CUDA available: True
GPU models and configuration: GPU 0: ${gpu}
Nvidia driver version: 535.104.05
`
    // A cu118 wheel has sm_86/sm_89-capable sm_80 code: no "wheel lacks the architecture" warning for either.
    for (const gpu of ['NVIDIA RTX 5000 Ada Generation', 'Quadro RTX 5000'])
      expect(analyzeText(env(gpu)).findings.map((f) => f.id)).not.toContain('gpu-arch-not-in-wheel')
    expect(analyzeText(env('NVIDIA GeForce RTX 5090')).findings.map((f) => f.id)).toContain('gpu-arch-not-in-wheel')
  })
})

describe('corrected facts in resources/data', () => {
  it('Kepler and Fermi laptops are not Maxwell: GTX 880M/870M 3.0, 820M/800M 2.1, 860M ambiguous; 850M stays 5.0', () => {
    expect(resolveGpuName('GeForce GTX 880M')).toMatchObject({ kind: 'ok', cc: '3.0' })
    expect(resolveGpuName('GeForce GTX 870M')).toMatchObject({ kind: 'ok', cc: '3.0' })
    expect(resolveGpuName('GeForce 820M')).toMatchObject({ kind: 'ok', cc: '2.1' })
    expect(resolveGpuName('GeForce 800M')).toMatchObject({ kind: 'ok', cc: '2.1' })
    const gtx860m = resolveGpuName('GeForce GTX 860M')
    expect(gtx860m.kind).toBe('ambiguous')
    expect(gtx860m.kind === 'ambiguous' && gtx860m.candidates.map((c) => c.cc).sort()).toEqual(['3.0', '5.0'])
    expect(resolveGpuName('GeForce GTX 850M')).toMatchObject({ kind: 'ok', cc: '5.0' })
  })

  it('those Kepler and Fermi laptops get no image', () => {
    for (const gpu of ['GeForce GTX 880M', 'GeForce 820M']) {
      const r = recommend({ gpus: [{ name: gpu }], driverVersion: '470.256.02', platform: 'linux' })
      expect(r.recommendations, gpu).toEqual([])
    }
  })

  it('China-market parts are known: H800, H800 PCIe, H20 9.0; A800 8.0; L20 8.9', () => {
    expect(resolveGpuName('NVIDIA H800')).toMatchObject({ kind: 'ok', cc: '9.0' })
    expect(resolveGpuName('NVIDIA H800 PCIe')).toMatchObject({ kind: 'ok', cc: '9.0' })
    expect(resolveGpuName('NVIDIA H20')).toMatchObject({ kind: 'ok', cc: '9.0' })
    expect(resolveGpuName('NVIDIA A800 80GB PCIe')).toMatchObject({ kind: 'ok', cc: '8.0' })
    expect(resolveGpuName('NVIDIA L20')).toMatchObject({ kind: 'ok', cc: '8.9' })
    expect(recommend({ gpus: [{ name: 'NVIDIA H20' }], driverVersion: '580.65.06', platform: 'linux' }).recommendations.length).toBeGreaterThan(0)
  })

  it('CUDA 13.2 Update 2 needs 595.71.05; CUDA 8 and 9 are in the table', () => {
    const data = compatData()
    expect(data.drivers.toolkits.find((t) => t.cuda === '13.2.2')?.linux).toBe('595.71.05')
    expect(gaToolkit(data, '9.0')?.linux).toBe('384.81')
  })
})
