import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { diagnosisExposition, gauge, renderExposition } from '../../../../src/core/domain/metrics'
import { diagnosisOf, parseReportInput } from '../../../../src/core/domain/report'

const diagnosis = diagnosisOf(parseReportInput(readFileSync(fileURLToPath(new URL('../../../fixtures/h200-x1/probe/diagnose-ok.json', import.meta.url)), 'utf8')))!

const sample = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('Prometheus text exposition', () => {
  it('a label value with quotes, backslashes and a newline stays one line a parser reads back', () => {
    const g = gauge('gpu_doctor_x', 'help with \\ and\nnewline')
    g.add({ path: 'C:\\Py "3"\nnext' }, 1)
    expect(renderExposition([g])).toBe('# HELP gpu_doctor_x help with \\\\ and\\nnewline\n# TYPE gpu_doctor_x gauge\ngpu_doctor_x{path="C:\\\\Py \\"3\\"\\nnext"} 1\n')
  })

  it('an unknown value is left out, not written as 0', () => {
    const g = gauge('gpu_doctor_y', 'y')
    g.add({ gpu: '0' }, null)
    g.add({ gpu: '1' }, Number.NaN)
    expect(renderExposition([g])).toBe('')
  })

  it('a diagnosis of an H200: step verdicts as a state set, the measured TFLOP/s and conv times in base units, versions as info labels', () => {
    const text = diagnosisExposition(diagnosis)
    expect(sample(text, 'gpu_doctor_step_status', { step: 'sm-utilisation', status: 'warn' })).toBe(1)
    expect(sample(text, 'gpu_doctor_step_status', { step: 'sm-utilisation', status: 'pass' })).toBe(0)
    const sm = diagnosis.steps.find((s) => s.id === 'sm-utilisation')!.evidence as { perGpu: { tflops: number }[] }
    expect(sample(text, 'gpu_doctor_load_flops_per_second', { gpu_uuid: 'GPU-051f523e-a35b-b55a-caaf-0353a6011dc2' })).toBeCloseTo(sm.perGpu[0]!.tflops * 1e12, -6)
    const conv = diagnosis.steps.find((s) => s.id === 'conv-timing')!.evidence as { cases: { label: string; onMs: number }[] }
    expect(sample(text, 'gpu_doctor_conv_seconds', { case: conv.cases[0]!.label, cudnn: 'on' })).toBeCloseTo(conv.cases[0]!.onMs / 1000, 9)
    expect(sample(text, 'gpu_doctor_diagnosis_environment_info', { cudnn: '9.19.0', nccl: '2.28.9', driver_version: '580.159.04' })).toBe(1)
  })
})
