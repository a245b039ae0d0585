import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

// @ts-expect-error: a plain .mjs helper of `npm run bench`, without type declarations
import { buildNvmlFloor, floorRow } from '../../scripts/bench/nvml-floor.mjs'
import { buildFakeNvml } from '../helpers/fake-nvml'

type Row = { mode: string; samples: number; gpus?: number; cpuMsPerSample: number | null; unavailable?: string }

describe("the bench's C floor (the same wake-up and NVML reads, without Node)", () => {
  const out = mkdtempSync(join(tmpdir(), 'gd-floor-'))
  const floor = buildNvmlFloor(out)

  it('compiles, and reads every GPU of the stand-in NVML at each wake-up', () => {
    expect(floor.unavailable).toBeUndefined()
    process.env.GPU_DOCTOR_NVML_LIBRARY = buildFakeNvml()
    try {
      const reads: Row = floorRow(floor, 'reads', 3, 10, 'reads')
      expect(reads).toMatchObject({ mode: 'floor-reads', samples: 3, gpus: 2 })
      expect(reads.cpuMsPerSample).toBeGreaterThan(0)
    } finally {
      delete process.env.GPU_DOCTOR_NVML_LIBRARY
    }
    const bare: Row = floorRow(floor, 'bare', 3, 10, 'bare')
    expect(bare).toMatchObject({ mode: 'floor-bare', samples: 3, gpus: 0 })
  })

  it('says why when there is no NVML to read, instead of a number', () => {
    process.env.GPU_DOCTOR_NVML_LIBRARY = '/nonexistent/libnvidia-ml.so.1'
    try {
      const row: Row = floorRow(floor, 'reads', 3, 10, 'reads')
      expect(row).toMatchObject({ cpuMsPerSample: null, unavailable: 'libnvidia-ml.so.1 could not be loaded' })
    } finally {
      delete process.env.GPU_DOCTOR_NVML_LIBRARY
    }
  })

  it('says why when there is no C compiler', () => {
    const previous = process.env.CC
    process.env.CC = '/nonexistent/cc'
    try {
      expect(buildNvmlFloor(out).unavailable).toBe('no C compiler (/nonexistent/cc) on PATH')
    } finally {
      if (previous === undefined) delete process.env.CC
      else process.env.CC = previous
    }
  })
})
