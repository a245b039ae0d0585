import { describe, expect, it } from 'vitest'

import { compareDiagnoses } from '../../../../src/core/domain/report/history/compare-diagnoses'
import { renderComparisonMarkdown } from '../../../../src/core/domain/report/history/render-comparison'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import { h200Diagnosis } from './fixtures'

const side = (label: string, diagnosis: Diagnosis) => ({ id: label, label, diagnosis })

describe('comparing two diagnoses', () => {
  it('shows changed versions and verdicts, and timings as ratios B / A (cuDNN disabled on the real H200)', () => {
    const a = h200Diagnosis('diagnose')
    const b: Diagnosis = { ...h200Diagnosis('diagnose-disable-cudnn'), environment: { ...h200Diagnosis('diagnose-disable-cudnn').environment, torch: '2.12.0+cu130', driverVersion: '590.44.01' } }
    const c = compareDiagnoses(side('before', a), side('after', b))
    // B was made with cuDNN switched off by GPU Doctor's option: a difference between the runs, said as one.
    expect(c.changes.filter((x) => x.changed).map((x) => x.field)).toEqual(['driverVersion', 'torch', 'runOptions'])
    expect(c.changes.find((x) => x.field === 'runOptions')).toMatchObject({ a: null, b: '--disable-cudnn' })
    expect(c.changes.find((x) => x.field === 'cudnn')).toEqual({ field: 'cudnn', a: '9.19.0', b: '9.19.0', changed: false })
    expect(c.steps.find((s) => s.id === 'cudnn-loaded')).toEqual({ id: 'cudnn-loaded', a: 'pass', b: 'fail', changed: true })
    const on = c.timings.find((t) => t.metric === 'conv.representative.onMs')!
    expect(on.a).toBeCloseTo(0.445, 3)
    expect(on.b).toBeCloseTo(2.62, 2)
    expect(on.ratio).toBeCloseTo(on.b! / on.a!, 6)
    expect(on.ratio!).toBeGreaterThan(5)
    const speedup = c.timings.find((t) => t.metric === 'conv.representative.ratio')!
    expect(speedup.higherIsBetter).toBe(true)
    expect(speedup.ratio!).toBeLessThan(0.2)
    expect(c.timings.find((t) => t.metric === 'sm.gpu0.tflops')!.ratio).toBeCloseTo(1, 1)

    const md = renderComparisonMarkdown(c, 'en')
    expect(md).toContain('| Driver | 580.159.04 | 590.44.01 |')
    expect(md).toContain('| PyTorch | 2.11.0+cu130 | 2.12.0+cu130 |')
    expect(md).toContain('| 2. cuDNN loaded | PASS | FAIL | changed |')
    expect(md).toMatch(/\| Conv2d representative, cuDNN on \| 0\.45 ms \| 2\.62 ms \| 5\.\d\d× \(worse\) \|/)
    expect(md).toMatch(/\| Conv2d representative, cuDNN speed-up \| 5\.89× \| 1\.00× \| 0\.17× \(worse\) \|/)
  })

  it('compares a run whose later steps were skipped, with no ratio where one side has no value', () => {
    const c = compareDiagnoses(side('ok', h200Diagnosis('diagnose')), side('cvd', h200Diagnosis('diagnose-cvd-empty')))
    expect(c.steps.map((s) => [s.id, s.a, s.b])).toEqual([
      ['gpu-visible', 'pass', 'fail'],
      ['cudnn-loaded', 'pass', 'skip'],
      ['ldd-linkage', 'pass', 'pass'],
      ['sm-utilisation', 'warn', 'skip'],
      ['conv-timing', 'pass', 'skip'],
    ])
    const conv = c.timings.find((t) => t.metric === 'conv.seed.onMs')!
    expect(conv.b).toBeNull()
    expect(conv.ratio).toBeNull()
    expect(renderComparisonMarkdown(c, 'zh-CN')).toContain('两次诊断对比')
  })
})
