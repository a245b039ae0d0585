import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { createDmonLineParser, parseDmon } from '../../../../src/core/platform/nvidia-smi/parse-dmon'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

const DEFAULT_12 = ['pwr', 'gtemp', 'mtemp', 'sm', 'mem', 'enc', 'dec', 'jpg', 'ofa', 'mclk', 'pclk']

describe('parseDmon on our H200 captures', () => {
  it.each([
    ['h200-x1', [0, 0, 0]],
    ['h200-x2', [0, 1, 0, 1, 0, 1]],
  ] as const)('%s dmon-default: 12-column layout', (host, gpus) => {
    const table = parseDmon(fixture(`${host}/smi/dmon-default.txt`))
    expect(table.columns).toEqual(DEFAULT_12)
    expect(table.units).toEqual(['W', 'C', 'C', '%', '%', '%', '%', '%', '%', 'MHz', 'MHz'])
    expect(table.rows.map((r) => r.gpu)).toEqual(gpus)
    expect(table.rows[0]?.values).toMatchObject({ mclk: 3201, sm: 0, gtemp: expect.any(Number) as number })
  })

  it('h200-x1 dmon-default values', () => {
    expect(parseDmon(fixture('h200-x1/smi/dmon-default.txt')).rows[0]).toEqual({
      gpu: 0,
      values: { pwr: 75, gtemp: 27, mtemp: 30, sm: 0, mem: 0, enc: 0, dec: 0, jpg: 0, ofa: 0, mclk: 3201, pclk: 345 },
    })
  })

  it.each(['h200-x1', 'h200-x2'])('%s dmon-all: -s pucvmet, 21 metric columns', (host) => {
    const table = parseDmon(fixture(`${host}/smi/dmon-all.txt`))
    expect(table.columns).toHaveLength(21)
    expect(table.columns.slice(-3)).toEqual(['pci', 'rxpci', 'txpci'])
    expect(table.units.slice(-3)).toEqual(['errs', 'MB/s', 'MB/s'])
    expect(table.rows).toHaveLength(host === 'h200-x1' ? 3 : 6)
    expect(table.rows.every((r) => r.values.tviol === 0 && r.values.bar1 === 1)).toBe(true)
  })

  it.each(['h200-x1', 'h200-x2'])('%s dmon-u: utilization only', (host) => {
    const table = parseDmon(fixture(`${host}/smi/dmon-u.txt`))
    expect(table.columns).toEqual(['sm', 'mem', 'enc', 'dec', 'jpg', 'ofa'])
    expect(table.rows.length).toBeGreaterThanOrEqual(3)
    expect(table.rows.every((r) => Object.values(r.values).every((v) => v === 0))).toBe(true)
  })

  it('reads the dmon taken while a convolution ran, whose first sample shows SM activity', () => {
    const table = parseDmon(fixture('h200-x1/timing/dmon-during-conv.txt'))
    expect(table.columns).toEqual(['sm', 'mem', 'enc', 'dec', 'jpg', 'ofa'])
    expect(table.rows[0]?.values.sm).toBe(2)
  })
})

describe('parseDmon on public captures (INDEX.md section B)', () => {
  it('legacy 10-column dmon', () => {
    const table = parseDmon(fixture('public/B/dmon-10col-legacy-morpheus-transcribed.txt'))
    expect(table.columns).toEqual(['pwr', 'gtemp', 'mtemp', 'sm', 'mem', 'enc', 'dec', 'mclk', 'pclk'])
    expect(table.rows).toHaveLength(9)
    expect(table.rows.map((r) => r.values.pwr)).toEqual([70, 68, 69, 270, 274, 278, 279, 277, 281])
    expect(table.rows.every((r) => r.values.mtemp === null)).toBe(true)
    expect(table.rows[8]?.values.pclk).toBe(1740)
  })

  it('H100 with MIG: sm/mem/enc/dec/jpg/ofa are "-" → null', () => {
    const table = parseDmon(fixture('public/B/dmon-h100-mig-590.48.01.txt'))
    expect(table.columns).toEqual(DEFAULT_12)
    expect(table.rows).toHaveLength(5)
    for (const row of table.rows) {
      expect([row.values.sm, row.values.mem, row.values.enc, row.values.dec, row.values.jpg, row.values.ofa]).toEqual([
        null, null, null, null, null, null,
      ])
      expect(row.values.mclk).toBe(2619)
    }
  })

  it('Windows with NVENC at 100 %', () => {
    const table = parseDmon(fixture('public/B/dmon-rtx2080super-windows-591.86.txt'))
    expect(table.rows).toHaveLength(5)
    expect(table.rows.every((r) => r.values.enc === 100 && r.values.pwr === 97)).toBe(true)
  })

  it('-s pucm on 4 GPUs with 15 columns and trailing spaces', () => {
    const table = parseDmon(fixture('public/B/dmon-pucm-rtxpro6000-maxq-x4-595.91.07-transcribed.txt'))
    expect(table.columns).toEqual([...DEFAULT_12, 'fb', 'bar1', 'ccpm'])
    expect(table.units.slice(-3)).toEqual(['MB', 'MB', 'MB'])
    expect(table.rows.map((r) => [r.gpu, r.values.fb, r.values.pclk])).toEqual([
      [0, 90538, 1897],
      [1, 90536, 2017],
      [2, 48243, 1192],
      [3, 48209, 1200],
    ])
  })
})

describe('parseDmon and the streaming line parser on awkward streams', () => {
  const dt = [
    '#Date       Time        gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk ',
    '#YYYYMMDD   HH:MM:SS    Idx      W      C      C      %      %      %      %      %      %    MHz    MHz ',
    ' 20261121   04:49:30      0     75     27     30      5      0      0      0      0      0   3201    345 ',
    ' 20261121   04:49:31      1     77      -     31      -      0      0      0      0      0   3201   1980 ',
  ].join('\n')

  it('keeps -o DT date and time out of the values', () => {
    const table = parseDmon(dt)
    expect(table.columns).toEqual(DEFAULT_12)
    expect(table.units[0]).toBe('W')
    expect(table.rows).toEqual([
      { gpu: 0, values: { pwr: 75, gtemp: 27, mtemp: 30, sm: 5, mem: 0, enc: 0, dec: 0, jpg: 0, ofa: 0, mclk: 3201, pclk: 345 } },
      { gpu: 1, values: { pwr: 77, gtemp: null, mtemp: 31, sm: null, mem: 0, enc: 0, dec: 0, jpg: 0, ofa: 0, mclk: 3201, pclk: 1980 } },
    ])
  })

  it('follows a header repeated mid-stream, even one with other columns', () => {
    const next = createDmonLineParser()
    const lines = fixture('h200-x1/smi/dmon-default.txt').split('\n').slice(1, 4)
    const utilOnly = fixture('h200-x1/smi/dmon-u.txt').split('\n').slice(1, 4)
    const rows = [...lines, ...utilOnly].map(next)
    expect(rows.slice(0, 2)).toEqual([null, null])
    expect(rows[2]?.values.pwr).toBe(75)
    expect(rows.slice(3, 5)).toEqual([null, null])
    expect(rows[5]).toEqual({ gpu: 0, values: { sm: 0, mem: 0, enc: 0, dec: 0, jpg: 0, ofa: 0 } })
  })

  it('gives null before any header and for lines that do not fit it', () => {
    const next = createDmonLineParser()
    expect(next('    0     75     27')).toBeNull()
    next('# gpu     sm    mem ')
    next('# Idx      %      % ')
    expect(next('    0      1      2 ')).toEqual({ gpu: 0, values: { sm: 1, mem: 2 } })
    expect(next('    0      1 ')).toBeNull()
    expect(next('Failed to process command line')).toBeNull()
    expect(next('  x      1      2')).toBeNull()
    expect(next('')).toBeNull()
  })

  it.each([
    ['empty', ''],
    ['random bytes', '\u0000#\u00ff\n# \n#gpu\n1 2 3'],
    ['an error', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
  ])('does not throw on %s', (_, text) => {
    const table = parseDmon(text)
    expect(Array.isArray(table.rows)).toBe(true)
  })

  it('gives no columns and no rows for non-dmon text', () => {
    expect(parseDmon(fixture('h200-x1/smi/version.txt'))).toEqual({ columns: [], units: [], rows: [] })
  })
})
