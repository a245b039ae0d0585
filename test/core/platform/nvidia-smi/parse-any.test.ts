import { readdirSync, readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import type { GpuStatus } from '../../../../src/shared/gpu'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

function statusOf(text: string): GpuStatus {
  const result = parseSmiOutput(text)
  if ('error' in result) throw new Error(`expected a status, got: ${result.error}`)
  return result.status
}

function errorOf(text: string): string {
  const result = parseSmiOutput(text)
  if ('status' in result) throw new Error(`expected an error, got ${result.status.gpus.length} GPUs`)
  return result.error
}

describe('parseSmiOutput detects each format of our H200 captures', () => {
  it.each([
    ['h200-x1/smi/default.txt', 'table', 1],
    ['h200-x2/smi/default.txt', 'table', 2],
    ['h200-x1/smi/q.txt', 'q', 1],
    ['h200-x2/smi/q.txt', 'q', 2],
    ['h200-x1/smi/q.xml', 'xml', 1],
    ['h200-x2/smi/q.xml', 'xml', 2],
    ['h200-x1/smi/query-csv.txt', 'csv', 1],
    ['h200-x2/smi/query-csv.txt', 'csv', 2],
  ] as const)('%s → %s', (file, format, count) => {
    const status = statusOf(fixture(file))
    expect(status.format).toBe(format)
    expect(status.source).toBe('file')
    expect(status.driverVersion).toBe('580.159.04')
    expect(status.gpus).toHaveLength(count)
    expect(status.gpus.every((g) => g.name === 'NVIDIA H200' && g.memoryTotalMiB === 143771)).toBe(true)
    if (format !== 'csv') expect(status.cudaVersion).toBe('13.0')
    if (format !== 'table') expect(status.gpus[0]?.uuid).toMatch(/^GPU-[0-9a-f-]{36}$/)
    if (format === 'csv') expect(status.gpus[0]?.computeCapability).toBe('9.0')
  })
})

describe('parseSmiOutput on the public captures', () => {
  const dir = (name: string) => readdirSync(new URL(`../../../fixtures/public/${name}/`, import.meta.url))

  it.each(dir('A'))('A/%s is read as a table', (file) => {
    const status = statusOf(fixture(`public/A/${file}`))
    expect(status.format).toBe('table')
    expect(status.gpus.length).toBeGreaterThan(0)
  })

  it.each(dir('C'))('C/%s is read as -q or XML', (file) => {
    const status = statusOf(fixture(`public/C/${file}`))
    expect(status.format).toBe(file.endsWith('.xml') ? 'xml' : 'q')
    expect(status.gpus.length).toBeGreaterThan(0)
    expect(status.driverVersion).toMatch(/^\d{3}\.\d+(\.\d+)?$/)
  })

  it('reads a header CSV', () => {
    const status = statusOf(fixture('public/B/csv-query-gpu-allfields-h100-80gb-590.48.01.csv'))
    expect(status.format).toBe('csv')
    expect(status.gpus[0]?.name).toBe('NVIDIA H100 80GB HBM3')
  })

  it('reads a pasted PowerShell capture', () => {
    const text = `PS C:\\Users\\opc> nvidia-smi\r\n${fixture('public/A/tesla-v100-sxm2-tcc-windows-426.23.txt').replace(/\n/g, '\r\n')}`
    const status = statusOf(text)
    expect(status.gpus[0]).toMatchObject({ name: 'Tesla V100-SXM2...', driverModel: 'TCC', memoryTotalMiB: 16258 })
  })
})

describe('parseSmiOutput refuses what it cannot read, naming the accepted formats', () => {
  const ACCEPTED = /nvidia-smi -q -x.*--query-gpu/s

  it.each([
    ['empty text', ''],
    ['whitespace', '  \n\n '],
    ['random bytes', '\u0000\u0001\u00fe\u00ff garbage \u0007'],
    ['prose', 'my GPU is slow, please help'],
    ['a dmon capture', fixture('public/B/dmon-h100-mig-590.48.01.txt')],
    ['headerless CSV', fixture('public/B/csv-noheader-nounits-rtxpro6000-maxq-x4-595.91.07-transcribed.csv')],
    ['a compute-apps CSV', fixture('public/B/csv-query-compute-apps-windows-rtx2080super-591.86.csv')],
    ['nvidia-smi --version', fixture('h200-x1/smi/version.txt')],
    ['a collect_env report', fixture('public/D/collect_env-1.9.0a0-4x-v100-sxm2-450.51.06.txt')],
  ])('%s', (_, text) => {
    expect(errorOf(text)).toMatch(ACCEPTED)
  })

  it.each([
    ['E/nvidia-smi-failed-couldnt-communicate-modprobe-fatal.txt', /NVIDIA-SMI has failed/],
    ['E/nvml-driver-library-version-mismatch-570.124.txt', /Driver\/library version mismatch/],
  ])('quotes the nvidia-smi error in %s', (file, quote) => {
    const error = errorOf(fixture(`public/${file}`))
    expect(error).toMatch(quote)
    expect(error).toMatch(ACCEPTED)
  })

  it('quotes "No devices were found" from a capture', () => {
    expect(errorOf(fixture('h200-x1/smi/bad-index.txt'))).toMatch(/No devices were found/)
  })

  it('refuses a table cut before its first GPU row', () => {
    const lines = fixture('h200-x1/smi/default.txt').split('\n')
    expect(errorOf(lines.slice(0, 9).join('\n'))).toMatch(/no GPU/)
  })

  it('reads a table cut after its first GPU row', () => {
    const lines = fixture('h200-x2/smi/default.txt').split('\n')
    const status = statusOf(lines.slice(0, 13).join('\n'))
    expect(status.gpus.map((g) => g.index)).toEqual([0])
  })
})

describe('parseSmiOutput never throws', () => {
  it('on every fixture cut at many points', () => {
    const files = [
      'h200-x1/smi/default.txt',
      'h200-x2/smi/q.txt',
      'h200-x1/smi/q.xml',
      'h200-x2/smi/query-csv.txt',
      'public/A/h100-80gb-mig-enabled-590.48.01.txt',
      'public/A/quadro-rtx8000-x2-tcc-p2000-wddm-windows-442.92.txt',
      'public/C/q-rtx2080super-linux-610.57.04-kmd-deprecations.txt',
      'public/C/xml-a100-sxm4-40gb-mig-510.47.03.xml',
    ]
    for (const file of files) {
      const text = fixture(file)
      const step = Math.max(1, Math.floor(text.length / 60))
      for (let n = 0; n <= text.length; n += step) {
        expect(() => parseSmiOutput(text.slice(0, n))).not.toThrow()
        expect(() => parseSmiOutput(text.slice(n))).not.toThrow()
      }
    }
  })
})
