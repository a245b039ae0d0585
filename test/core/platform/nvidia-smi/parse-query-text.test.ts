import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseSmiQueryText } from '../../../../src/core/platform/nvidia-smi/parse-query-text'
import { GpuStatusSchema } from '../../../../src/shared/gpu'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

describe('parseSmiQueryText on our H200 captures', () => {
  it('reads the single H200', () => {
    const status = parseSmiQueryText(fixture('h200-x1/smi/q.txt'))
    expect(GpuStatusSchema.safeParse(status).success).toBe(true)
    expect(status).toMatchObject({ source: 'file', format: 'q', driverVersion: '580.159.04', cudaVersion: '13.0' })
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
        temperatureC: 28,
        powerW: 75.39,
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

  it('reads both H200s in order', () => {
    const status = parseSmiQueryText(fixture('h200-x2/smi/q.txt'))
    expect(status.driverVersion).toBe('580.159.04')
    expect(status.gpus.map((g) => [g.index, g.name, g.uuid, g.busId, g.memoryTotalMiB])).toEqual([
      [0, 'NVIDIA H200', 'GPU-a3bfea47-2513-0c72-21ed-abcd4ef01a03', '00000000:00:06.0', 143771],
      [1, 'NVIDIA H200', 'GPU-dd43e3bb-90fc-b468-fc04-fe6af740818b', '00000000:00:07.0', 143771],
    ])
  })
})

describe('parseSmiQueryText on public -q captures (INDEX.md section C)', () => {
  it('reads all 8 H100s of the 565.57.01 capture', () => {
    const status = parseSmiQueryText(fixture('public/C/q-h100-sxm-x8-565.57.01.txt'))
    expect(status.driverVersion).toBe('565.57.01')
    expect(status.cudaVersion).toBe('12.7')
    expect(status.gpus).toHaveLength(8)
    expect(status.gpus.map((g) => g.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(status.gpus.every((g) => g.name === 'NVIDIA H100 80GB HBM3' && g.memoryTotalMiB === 81559)).toBe(true)
    expect(new Set(status.gpus.map((g) => g.uuid)).size).toBe(8)
    expect(status.gpus.map((g) => g.busId)).toEqual([
      '00000000:18:00.0', '00000000:2A:00.0', '00000000:3A:00.0', '00000000:5D:00.0',
      '00000000:9A:00.0', '00000000:AB:00.0', '00000000:BA:00.0', '00000000:DB:00.0',
    ])
    expect(status.gpus[0]).toMatchObject({
      uuid: 'GPU-b42dd28e-ffdd-8720-1df0-98bd8cdc05b1',
      powerW: 100.89,
      powerLimitW: 700,
      temperatureC: 30,
      utilizationGpu: 0,
      smClockMHz: 345,
      smClockMaxMHz: 1980,
      persistenceMode: true,
      migMode: false,
    })
    expect(status.gpus[1]?.powerW).toBe(82.81)
    expect(status.processes).toEqual([])
  })

  it('strips the 610 deprecation note from the driver version and reads the nested power limit', () => {
    const status = parseSmiQueryText(fixture('public/C/q-rtx2080super-linux-610.57.04-kmd-deprecations.txt'))
    expect(status.driverVersion).toBe('610.57.04')
    expect(status.cudaVersion).toBe('13.3')
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]).toMatchObject({
      name: 'NVIDIA GeForce RTX 2080 SUPER',
      memoryTotalMiB: 8192,
      memoryUsedMiB: 211,
      powerW: 38.89,
      powerLimitW: 250,
      temperatureC: 33,
      pstate: 'P8',
      persistenceMode: false,
      migMode: null,
      smClockMaxMHz: 2145,
    })
    expect(status.processes).toEqual([
      {
        gpuIndex: 0,
        pid: 1720,
        type: 'G',
        name: '/usr/bin/gnome-shell',
        usedMemoryMiB: 173,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
      {
        gpuIndex: 0,
        pid: 4556,
        type: 'G',
        name: '/usr/bin/Xwayland',
        usedMemoryMiB: 3,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
    ])
  })

  it('reads the WSL2 capture that starts with an empty line, driver model WDDM', () => {
    const status = parseSmiQueryText(fixture('public/C/q-rtx4070laptop-wsl2-566.36.txt'))
    expect(status.driverVersion).toBe('566.36')
    expect(status.cudaVersion).toBe('12.7')
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]).toMatchObject({
      index: 0,
      name: 'NVIDIA GeForce RTX 4070 Laptop GPU',
      uuid: 'GPU-1b724e78-eef5-4163-d43c-e4da15d41176',
      busId: '00000000:01:00.0',
      driverModel: 'WDDM',
      memoryTotalMiB: 8188,
      powerW: 1.97,
      powerLimitW: 61.24,
      temperatureC: 42,
      pstate: 'P8',
    })
  })
})

describe('parseSmiQueryText on broken input', () => {
  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u00ff : : :\n    \u0001 :\n'],
    ['an nvidia-smi error', 'Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.124\n'],
  ])('gives an empty status for %s', (_, text) => {
    const status = parseSmiQueryText(text)
    expect(status.gpus).toEqual([])
    expect(status.driverVersion).toBeNull()
  })

  it('keeps what a truncated capture has', () => {
    const lines = fixture('public/C/q-h100-sxm-x8-565.57.01.txt').split('\n')
    const cut = lines.slice(0, lines.findIndex((l) => l.includes('FB Memory Usage'))).join('\n')
    const status = parseSmiQueryText(cut)
    expect(status.driverVersion).toBe('565.57.01')
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]?.name).toBe('NVIDIA H100 80GB HBM3')
    expect(status.gpus[0]?.memoryTotalMiB).toBeNull()
  })
})
