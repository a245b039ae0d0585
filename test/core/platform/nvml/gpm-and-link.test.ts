import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { NvmlSampler } from '../../../../src/core/platform/nvml/nvml-sampler'
import { buildFakeNvml } from '../../../helpers/fake-nvml'

async function open(): Promise<NvmlSampler> {
  const opened = await NvmlSampler.open({ GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml() })
  if (!opened.ok) throw new Error(JSON.stringify(opened.unavailable))
  return opened.sampler
}

afterEach(() => {
  delete process.env.FAKE_NVML_GPM
  delete process.env.FAKE_NVML_CALLS
})

describe('GPM metrics and the PCIe link through koffi, against the stand-in libnvidia-ml', () => {
  it('reads SM activity, occupancy, tensor activity and DRAM bandwidth between two samples; nothing on the first call', async () => {
    const calls = join(mkdtempSync(join(tmpdir(), 'gd-gpm-')), 'calls')
    process.env.FAKE_NVML_CALLS = calls
    const sampler = await open()
    const gpu0 = sampler.devices[0]!
    expect(sampler.gpmSupported(gpu0)).toBe(true)
    expect(sampler.gpmMetrics(gpu0)).toBeNull()
    expect(sampler.gpmMetrics(gpu0)).toEqual({ smActive: 12.5, smOccupancy: 8, tensorActive: 0.5, dramBandwidth: 3, fp32Active: 1.5 })
    expect(sampler.gpmMetrics(gpu0)).toEqual({ smActive: 12.5, smOccupancy: 8, tensorActive: 0.5, dramBandwidth: 3, fp32Active: 1.5 })
    sampler.close()
    // Two samples per GPU, allocated once and freed on close.
    const log = readFileSync(calls, 'utf8').split('\n')
    expect(log.filter((l) => l === 'nvmlGpmSampleAlloc')).toHaveLength(2)
    expect(log.filter((l) => l === 'nvmlGpmSampleFree')).toHaveLength(2)
  })

  it('a GPU without GPM (or GPM switched off) gives no metrics, and no samples are allocated for it', async () => {
    const sampler = await open()
    expect(sampler.gpmSupported(sampler.devices[1]!)).toBe(false)
    expect(sampler.gpmMetrics(sampler.devices[1]!)).toBeNull()
    sampler.close()
    process.env.FAKE_NVML_GPM = '0'
    const off = await open()
    expect(off.gpmMetrics(off.devices[0]!)).toBeNull()
    off.close()
  })

  it('reads the link as it runs: generation and lanes', async () => {
    const sampler = await open()
    expect(sampler.pcieLink(sampler.devices[0]!)).toEqual({ generation: 5, width: 16 })
    expect(sampler.pcieLink(sampler.devices[1]!)).toEqual({ generation: 4, width: 16 })
    sampler.close()
  })
})
