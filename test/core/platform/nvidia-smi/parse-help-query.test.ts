import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseHelpQueryGpu } from '../../../../src/core/platform/nvidia-smi/parse-help-query'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

describe('parseHelpQueryGpu', () => {
  const fields = parseHelpQueryGpu(fixture('h200-x1/smi/help-query-gpu.txt'))

  it('lists every field and alias of the 580 driver', () => {
    // 214 field lines, 42 of them with an alias; clocks.max.sm names itself twice.
    expect(fields.size).toBe(255)
  })

  it('has the fields gpu-doctor status asks for, in both spellings where there are two', () => {
    for (const name of [
      'index', 'name', 'gpu_name', 'uuid', 'gpu_uuid', 'pci.bus_id', 'gpu_bus_id', 'driver_version', 'compute_cap',
      'memory.total', 'memory.used', 'utilization.gpu', 'utilization.memory', 'temperature.gpu', 'power.draw',
      'power.draw.instant', 'power.limit', 'enforced.power.limit', 'clocks.sm', 'clocks.current.sm', 'clocks.max.sm',
      'persistence_mode', 'mig.mode.current', 'driver_model.current', 'pstate', 'clocks_event_reasons.active',
      'clocks_throttle_reasons.active', 'hostname',
    ]) {
      expect(fields.has(name), name).toBe(true)
    }
  })

  it('does not take prose for fields', () => {
    expect([...fields].some((f) => /\s|:/.test(f))).toBe(false)
    expect(fields.has('0: Default')).toBe(false)
    expect(fields.has('YYYY/MM/DD HH:MM:SS.msec')).toBe(false)
    expect(fields.has('no.such.field')).toBe(false)
  })

  it('gives the same set on the two-GPU host', () => {
    expect(parseHelpQueryGpu(fixture('h200-x2/smi/help-query-gpu.txt'))).toEqual(fields)
  })

  it.each([
    ['empty', ''],
    ['random bytes', '\u0000"\u00ff"\n""'],
    ['an error', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
  ])('gives an empty set for %s', (_, text) => {
    expect(parseHelpQueryGpu(text).size).toBe(0)
  })
})
