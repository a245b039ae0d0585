import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { compareOutcomes } from '../../../../src/core/domain/container/compare-outcomes'
import type { ProbeOutcome } from '../../../../src/core/platform/probe/run-probe'
import { ProbeReportSchema } from '../../../../src/shared/probe'

// The probe on the H200 (torch 2.11.0+cu130, cuDNN 9.19): real conv timings.
const h200 = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-ok.json', import.meta.url), 'utf8')))
const ok = (report = h200): ProbeOutcome => ({ ok: true, report, durationMs: 1 })

describe('compareOutcomes', () => {
  it('puts versions and conv timings side by side with B/A ratios', () => {
    const slower = structuredClone(h200)
    const conv = slower.workloads!.conv as { seed: { on: { ms: number } } }
    conv.seed.on.ms *= 2
    const r = compareOutcomes('host', ok(), 'pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime', ok(slower))
    expect(r.a).toMatchObject({ target: 'host', ok: true, torch: '2.11.0+cu130', torchCuda: '13.0', cudnn: '9.19.0', cudaAvailable: true, gpu: 'NVIDIA H200' })
    expect(r.timings.map((t) => t.name)).toEqual([
      'seed Conv2d(3,64,3) x 32x3x224x224 fp32 cuDNN on',
      'seed Conv2d(3,64,3) x 32x3x224x224 fp32 cuDNN off',
      expect.stringMatching(/^representative Conv2d\(256,256,3,p=1\).* cuDNN on$/),
      expect.stringMatching(/cuDNN off$/),
    ])
    expect(r.timings[0]!.ratio).toBe(2)
    expect(r.timings[1]!.ratio).toBe(1)
    expect(r.notes).toEqual([])
  })

  it('a side without timings (CPU-only torch, or a failed run) has nulls and a note saying why', () => {
    const cpu = structuredClone(h200)
    cpu.workloads = { conv: { skipped: 'CUDA is not available to PyTorch' } }
    cpu.cuda = { ...cpu.cuda!, available: false, devices: [] }
    const failed: ProbeOutcome = { ok: false, reason: 'the container could not run: Docker has no GPU device driver', stderr: '', durationMs: 1 }
    const r = compareOutcomes('img-a', ok(cpu), 'img-b', failed)
    expect(r.timings.every((t) => t.aMs === null && t.bMs === null && t.ratio === null)).toBe(true)
    expect(r.notes).toEqual(['A (img-a): conv skipped: CUDA is not available to PyTorch', 'B (img-b): the container could not run: Docker has no GPU device driver'])
    expect(r.b).toMatchObject({ ok: false, reason: expect.stringMatching(/GPU device driver/), torch: null })
  })
})
