import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { csvRowsToStatus, parseCsvQuery, parseCsvSampleLine } from '../../../../src/core/platform/nvidia-smi/parse-csv'
import { stripCaptureArtifacts } from '../../../../src/core/platform/nvidia-smi/strip-capture'
import { GpuStatusSchema } from '../../../../src/shared/gpu'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

/** Our captures start with the command line; its `--query-gpu=` list is what was requested. */
function capture(path: string): { fields: string[]; body: string } {
  const text = fixture(path)
  const fields = /--query-(?:gpu|compute-apps)=(\S+)/.exec(text.split('\n')[0] ?? '')?.[1]?.split(',') ?? []
  return { fields, body: stripCaptureArtifacts(text) }
}

const H200_UUIDS = {
  x1: ['GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60'],
  x2: ['GPU-a3bfea47-2513-0c72-21ed-abcd4ef01a03', 'GPU-dd43e3bb-90fc-b468-fc04-fe6af740818b'],
}

describe('parseCsvQuery and csvRowsToStatus on our H200 captures', () => {
  const cases = (['x1', 'x2'] as const).flatMap((host) =>
    (['query-csv.txt', 'query-csv-nounits.txt'] as const).map((file) => ({ host, file })),
  )

  it.each(cases)('h200-$host/$file', ({ host, file }) => {
    const { fields, body } = capture(`h200-${host}/smi/${file}`)
    expect(fields).toHaveLength(25)
    const rows = parseCsvQuery(body, fields)
    expect(rows).toHaveLength(H200_UUIDS[host].length)
    // Keys are the requested names even where the header says clocks.current.sm.
    expect(Object.keys(rows[0] ?? {})).toEqual(fields)
    expect(rows[0]?.['clocks.sm']).toMatch(/^\d+( MHz)?$/)
    expect(rows[0]?.['fan.speed']).toBeNull()
    expect(rows[0]?.display_mode).toBeNull()

    const status = csvRowsToStatus(rows, { cudaVersion: '13.0' })
    expect(GpuStatusSchema.safeParse(status).success).toBe(true)
    expect(status).toMatchObject({ source: 'file', format: 'csv', driverVersion: '580.159.04', cudaVersion: '13.0' })
    expect(status.gpus.map((g) => [g.index, g.name, g.uuid, g.memoryTotalMiB, g.computeCapability])).toEqual(
      H200_UUIDS[host].map((uuid, i) => [i, 'NVIDIA H200', uuid, 143771, '9.0']),
    )
    const gpu = status.gpus[0]
    expect(gpu).toMatchObject({
      busId: '00000000:00:06.0',
      memoryUsedMiB: 0,
      utilizationGpu: 0,
      utilizationMemory: 0,
      powerLimitW: 700,
      smClockMaxMHz: 1980,
      persistenceMode: true,
      migMode: false,
      driverModel: null,
      pstate: 'P0',
      clocksEventReasons: '0x0000000000000001',
    })
    expect(gpu?.powerW).toBeGreaterThan(50)
    expect(gpu?.powerW).toBeLessThan(150)
    expect(gpu?.smClockMHz).toBeGreaterThanOrEqual(345)
  })

  it('keys rows by header names when no fields are given', () => {
    const { body } = capture('h200-x1/smi/query-csv.txt')
    const [row] = parseCsvQuery(body)
    expect(row?.['clocks.current.sm']).toBe('345 MHz')
    expect(row?.['memory.total']).toBe('143771 MiB')
    expect(csvRowsToStatus(parseCsvQuery(body)).gpus[0]).toMatchObject({ smClockMHz: 345, memoryTotalMiB: 143771 })
  })

  it('reads an empty compute-apps list as no rows', () => {
    const { fields, body } = capture('h200-x1/smi/query-apps.txt')
    expect(parseCsvQuery(body, fields)).toEqual([])
  })
})

describe('parseCsvQuery on public CSV captures (INDEX.md section B)', () => {
  it('reads the 212-field H100 query with every no-value marker as null', () => {
    const rows = parseCsvQuery(fixture('public/B/csv-query-gpu-allfields-h100-80gb-590.48.01.csv'))
    expect(rows).toHaveLength(1)
    const row = rows[0] ?? {}
    expect(Object.keys(row)).toHaveLength(212)
    expect(row['vgpu_driver_capability.heterogenous_multivGPU']).toBeNull()
    expect(row.display_mode).toBeNull()
    expect(row['fabric.health.summary']).toBeNull()
    expect(row['platform.chassis_serial_number']).toBeNull()
    expect(row['power.draw']).toBe('631.95 W')

    const status = csvRowsToStatus(rows)
    expect(status.driverVersion).toBe('590.48.01')
    expect(status.cudaVersion).toBeNull()
    expect(status.gpus).toEqual([
      {
        index: 0,
        name: 'NVIDIA H100 80GB HBM3',
        uuid: 'GPU-00000000-0000-0000-0000-000000000000',
        busId: '00000000:00:09.0',
        computeCapability: '9.0',
        memoryTotalMiB: 81559,
        memoryUsedMiB: 19818,
        utilizationGpu: 100,
        utilizationMemory: 11,
        temperatureC: 59,
        powerW: 631.95,
        powerLimitW: 700,
        smClockMHz: 1980,
        smClockMaxMHz: 1980,
        persistenceMode: true,
        migMode: false,
        driverModel: null,
        pstate: 'P0',
        clocksEventReasons: '0x0000000000000000',
      },
    ])
  })

  it('reads the noheader,nounits RTX PRO 6000 query by the requested field order', () => {
    // The field list stated with this capture in its source document.
    const fields = [
      'index', 'uuid', 'name', 'pci.bus_id', 'driver_version', 'utilization.gpu', 'utilization.memory',
      'memory.total', 'memory.used', 'memory.free', 'temperature.gpu', 'temperature.memory', 'power.draw',
      'power.limit', 'clocks.gr', 'clocks.mem', 'clocks.max.gr', 'clocks.max.mem', 'fan.speed', 'pstate',
      'pcie.link.gen.current', 'pcie.link.width.current', 'encoder.stats.sessionCount',
    ]
    const rows = parseCsvQuery(fixture('public/B/csv-noheader-nounits-rtxpro6000-maxq-x4-595.91.07-transcribed.csv'), fields)
    expect(rows).toHaveLength(4)
    expect(rows.map((r) => r['temperature.memory'])).toEqual([null, null, null, null])
    const status = csvRowsToStatus(rows)
    expect(status.driverVersion).toBe('595.91.07')
    expect(status.gpus.map((g) => [g.index, g.busId, g.memoryTotalMiB, g.memoryUsedMiB, g.powerW])).toEqual([
      [0, '00000000:01:00.0', 97887, 90538, 299.35],
      [1, '00000000:41:00.0', 97887, 90536, 287.14],
      [2, '00000000:81:00.0', 97887, 48243, 299.95],
      [3, '00000000:C1:00.0', 97887, 48209, 300],
    ])
    expect(status.gpus.every((g) => g.name === 'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition')).toBe(true)
    expect(status.gpus.every((g) => g.powerLimitW === 300 && g.pstate === 'P1')).toBe(true)
    // clocks.sm was not asked for: null, not the graphics clock.
    expect(status.gpus.every((g) => g.smClockMHz === null)).toBe(true)
  })

  it('reads the Tesla P100 query without a trailing newline', () => {
    const rows = parseCsvQuery(fixture('public/B/csv-query-gpu-tesla-p100-510.47.03.csv'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.['fan.speed']).toBeNull()
    const [gpu] = csvRowsToStatus(rows).gpus
    expect(gpu).toMatchObject({
      index: 0,
      name: 'Tesla P100-PCIE-16GB',
      uuid: 'GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6',
      memoryTotalMiB: null,
      memoryUsedMiB: 0,
      temperatureC: 37,
      powerW: 28.16,
      smClockMHz: 405,
      pstate: 'P0',
    })
  })

  it('folds a looped query (-l 5) into one GPU, keeping the last sample', () => {
    const rows = parseCsvQuery(fixture('public/B/csv-query-gpu-loop-v100-32gb-2020.csv'))
    expect(rows).toHaveLength(17)
    expect(rows[0]).toMatchObject({ index: '0', 'utilization.gpu': '99 %', 'memory.total': '32480 MiB' })
    const status = csvRowsToStatus(rows)
    expect(status.gpus).toHaveLength(1)
    expect(status.gpus[0]).toMatchObject({ index: 0, memoryTotalMiB: 32480, memoryUsedMiB: 30994, utilizationGpu: 98, utilizationMemory: 68 })
  })

  it('reads Windows compute-apps rows with spaces in paths and used_memory [N/A]', () => {
    const rows = parseCsvQuery(fixture('public/B/csv-query-compute-apps-windows-rtx2080super-591.86.csv'), [
      'timestamp', 'gpu_name', 'gpu_bus_id', 'gpu_serial', 'gpu_uuid', 'pid', 'process_name', 'used_memory',
    ])
    expect(rows).toHaveLength(12)
    const nzxt = rows.find((r) => r.pid === '20372')
    expect(nzxt).toMatchObject({
      process_name: 'C:\\Program Files\\NZXT CAM\\NZXT CAM.exe',
      used_memory: null,
      gpu_name: 'NVIDIA GeForce RTX 2080 SUPER',
      gpu_serial: null,
    })
  })
})

describe('parseCsvQuery edge cases', () => {
  it('maps renamed headers back to requested names even when fewer fields come back', () => {
    const text = 'clocks.current.sm [MHz], name, clocks_throttle_reasons.active\n1410 MHz, A100, 0x01\n'
    const [row] = parseCsvQuery(text, ['gpu_name', 'clocks.sm', 'clocks_event_reasons.active', 'uuid'])
    expect(row).toEqual({ gpu_name: 'A100', 'clocks.sm': '1410 MHz', 'clocks_event_reasons.active': '0x01', uuid: null })
  })

  it('gives null for cells a short row lacks, without throwing', () => {
    const rows = parseCsvQuery('index, name, memory.total [MiB]\n0, Tesla T4\n1\n')
    expect(rows).toEqual([
      { index: '0', name: 'Tesla T4', 'memory.total': null },
      { index: '1', name: null, 'memory.total': null },
    ])
    expect(csvRowsToStatus(rows).gpus.map((g) => [g.index, g.name, g.memoryTotalMiB])).toEqual([
      [0, 'Tesla T4', null],
      [1, '', null],
    ])
  })

  it('handles CRLF, trailing spaces, quoted fields and no trailing newline', () => {
    const text = 'index, name, pstate  \r\n0, "Quadro RTX 8000, rev A", P8  \r\n1, Quadro P2000 , [Not Supported]'
    expect(parseCsvQuery(text)).toEqual([
      { index: '0', name: 'Quadro RTX 8000, rev A', pstate: 'P8' },
      { index: '1', name: 'Quadro P2000', pstate: null },
    ])
  })

  it('cannot key headerless output without the field list', () => {
    expect(parseCsvQuery('0, NVIDIA H200, 143771\n')).toEqual([])
  })

  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u0001\u00fe,,\n\u0007'],
    ['an error', 'Field "no.such.field" is not a valid field to query.\n'],
  ])('does not throw on %s', (_, text) => {
    expect(() => parseCsvQuery(text)).not.toThrow()
    expect(() => csvRowsToStatus(parseCsvQuery(text, ['index', 'name']))).not.toThrow()
    expect(() => parseCsvQuery(text, ['index'])).not.toThrow()
  })
})

describe('parseCsvSampleLine', () => {
  const fields = ['index', 'utilization.gpu', 'memory.used', 'power.draw'] as const

  it('reads one noheader,nounits line', () => {
    expect(parseCsvSampleLine('1, 97, 90536, 287.14', fields)).toEqual({
      index: '1',
      'utilization.gpu': '97',
      'memory.used': '90536',
      'power.draw': '287.14',
    })
  })

  it('turns N/A into null', () => {
    expect(parseCsvSampleLine('0, [N/A], N/A, 75.29\r', fields)?.['utilization.gpu']).toBeNull()
  })

  it.each([
    ['blank', '  '],
    ['too few cells', '0, 97'],
    ['too many cells', '0, 1, 2, 3, 4'],
    ['a header', 'index, utilization.gpu [%], memory.used [MiB], power.draw [W]'],
    ['an error', 'Unable to determine the device handle for GPU0000:00:06.0: Unknown Error'],
    ['a driver failure', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
  ])('gives null for %s', (_, line) => {
    expect(parseCsvSampleLine(line, fields)).toBeNull()
  })

  it('reads every line of our H200 nounits capture', () => {
    const { fields: requested, body } = capture('h200-x2/smi/query-csv-nounits.txt')
    const rows = body.split('\n').filter(Boolean).map((line) => parseCsvSampleLine(line, requested))
    expect(rows.map((r) => r?.uuid)).toEqual(H200_UUIDS.x2)
  })
})
