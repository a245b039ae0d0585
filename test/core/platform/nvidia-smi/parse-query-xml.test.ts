import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseSmiQueryXml } from '../../../../src/core/platform/nvidia-smi/parse-query-xml'
import { GpuStatusSchema } from '../../../../src/shared/gpu'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

describe('parseSmiQueryXml on our H200 captures', () => {
  it('reads the single H200', () => {
    const status = parseSmiQueryXml(fixture('h200-x1/smi/q.xml'))
    expect(GpuStatusSchema.safeParse(status).success).toBe(true)
    expect(status).toMatchObject({ source: 'file', format: 'xml', driverVersion: '580.159.04', cudaVersion: '13.0' })
    expect(status.gpus).toEqual([
      {
        index: 0,
        name: 'NVIDIA H200',
        uuid: 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60',
        busId: '00000000:00:06.0',
        computeCapability: null,
        memoryTotalMiB: 143771,
        memoryUsedMiB: 0,
        utilizationGpu: 0,
        utilizationMemory: 0,
        temperatureC: 27,
        powerW: 75.31,
        powerLimitW: 700,
        smClockMHz: 345,
        smClockMaxMHz: 1980,
        persistenceMode: true,
        migMode: false,
        driverModel: null,
        pstate: 'P0',
        clocksEventReasons: null,
      },
    ])
    expect(status.processes).toEqual([])
    expect(status.migDevices).toEqual([])
  })

  it('reads both H200s in document order', () => {
    const status = parseSmiQueryXml(fixture('h200-x2/smi/q.xml'))
    expect(status.gpus.map((g) => [g.index, g.name, g.uuid, g.busId, g.memoryTotalMiB])).toEqual([
      [0, 'NVIDIA H200', 'GPU-a3bfea47-2513-0c72-21ed-abcd4ef01a03', '00000000:00:06.0', 143771],
      [1, 'NVIDIA H200', 'GPU-dd43e3bb-90fc-b468-fc04-fe6af740818b', '00000000:00:07.0', 143771],
    ])
  })
})

describe('parseSmiQueryXml on public XML captures (INDEX.md section C)', () => {
  it('reads the 418.43 XML without a DOCTYPE', () => {
    const status = parseSmiQueryXml(fixture('public/C/xml-gtx1660ti-418.43.xml'))
    expect(status.driverVersion).toBe('418.43')
    expect(status.cudaVersion).toBe('10.1')
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]).toMatchObject({
      index: 0,
      name: 'Graphics Device',
      uuid: 'GPU-304a277d-3545-63b8-3a36-dfde3c992989',
      busId: '00000000:43:00.0',
      memoryTotalMiB: 5912,
      memoryUsedMiB: 0,
      powerW: 8.93,
      powerLimitW: 130,
      temperatureC: 40,
      smClockMHz: 300,
      smClockMaxMHz: 2145,
      pstate: 'P8',
      persistenceMode: false,
      migMode: null,
    })
    expect(status.processes).toEqual([])
  })

  it('reads the A100 with MIG on and its two MIG devices', () => {
    const status = parseSmiQueryXml(fixture('public/C/xml-a100-sxm4-40gb-mig-510.47.03.xml'))
    expect(status.driverVersion).toBe('510.47.03')
    expect(status.cudaVersion).toBe('11.6')
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]).toMatchObject({
      name: 'NVIDIA A100-SXM4-40GB',
      uuid: 'GPU-27b94a00-ed54-5c24-b1fd-1054085de32a',
      migMode: true,
      memoryTotalMiB: 40960,
      memoryUsedMiB: 38,
      utilizationGpu: null,
      powerW: 66.92,
      powerLimitW: 400,
      temperatureC: 36,
    })
    expect(status.migDevices).toEqual([
      { gpuIndex: 0, gpuInstanceId: 1, computeInstanceId: 0, migIndex: 0, memoryTotalMiB: 19968, memoryUsedMiB: 19 },
      { gpuIndex: 0, gpuInstanceId: 2, computeInstanceId: 0, migIndex: 1, memoryTotalMiB: 19968, memoryUsedMiB: 19 },
    ])
  })

  it('reads both RTX A5000s and one llama-server process on each', () => {
    const status = parseSmiQueryXml(fixture('public/C/xml-rtx-a5000-x2-590.44.01.xml'))
    expect(status.driverVersion).toBe('590.44.01')
    expect(status.cudaVersion).toBe('13.1')
    expect(status.gpus.map((g) => [g.index, g.name, g.busId, g.memoryTotalMiB, g.powerW, g.powerLimitW])).toEqual([
      [0, 'NVIDIA RTX A5000', '00000000:81:00.0', 24564, 6.41, 230],
      [1, 'NVIDIA RTX A5000', '00000000:C1:00.0', 24564, 13.6, 230],
    ])
    expect(status.processes).toEqual([
      {
        gpuIndex: 0,
        pid: 100477,
        type: 'C',
        name: '/root/src/llama.cpp/build/bin/llama-server',
        usedMemoryMiB: 22430,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
      {
        gpuIndex: 1,
        pid: 100477,
        type: 'C',
        name: '/root/src/llama.cpp/build/bin/llama-server',
        usedMemoryMiB: 17246,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
    ])
  })
})

describe('parseSmiQueryXml on broken input', () => {
  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u00ff<<>>&&</'],
    ['unrelated XML', '<?xml version="1.0"?><html><body/></html>'],
    ['an nvidia-smi error', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
  ])('gives an empty status for %s', (_, text) => {
    const status = parseSmiQueryXml(text)
    expect(status.gpus).toEqual([])
    expect(status.driverVersion).toBeNull()
  })

  it('does not throw on XML cut anywhere', () => {
    const full = fixture('public/C/xml-gtx1660ti-418.43.xml')
    for (let n = 0; n < full.length; n += 97) expect(() => parseSmiQueryXml(full.slice(0, n))).not.toThrow()
  })
})
