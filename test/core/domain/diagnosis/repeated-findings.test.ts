import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { referenceRepeatedFindings } from '../../../../src/core/domain/diagnosis/repeated-findings'
import { diagnosisOf, parseReportInput } from '../../../../src/core/domain/report/load-input'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import { FINDING_TEXTS } from '../../../../src/shared/i18n/findings'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'

// A real H200 run with cuDNN off in steps 2 and 5; read as if the user's own code had switched it off.
const SAVED = 'docs/verification/issue-3-h200/diagnose-disable-cudnn.json'
const saved = JSON.parse(readFileSync(SAVED, 'utf8')) as Diagnosis
const byUserCode: Diagnosis = { ...saved, environment: { ...saved.environment, disableCudnn: false } }
const ids = (d: Diagnosis, step: string) => d.steps.find((s) => s.id === step)!.findings.map((f) => f.id)

describe('one cause said once', () => {
  it("cuDNN switched off by the user's code: the finding in step 2, a pointer to it in step 5 (both languages)", () => {
    expect(ids(byUserCode, 'cudnn-loaded')).toContain('cudnn-disabled')
    expect(ids(byUserCode, 'conv-timing')).toContain('cudnn-disabled')
    const d = diagnosisOf(parseReportInput(JSON.stringify(byUserCode)))!
    const all = d.steps.flatMap((s) => s.findings.map((f) => f.id))
    expect(all.filter((id) => id === 'cudnn-disabled')).toHaveLength(1)
    expect(ids(d, 'cudnn-loaded')).toContain('cudnn-disabled')
    const pointer = d.steps.find((s) => s.id === 'conv-timing')!.findings.find((f) => f.id === 'same-as-step')!
    expect(pointer.severity).toBe('info')
    expect(pointer.message).toBe('Step 2 found this already: “cuDNN disabled”. It is said once, there; this step’s results are what it causes.')
    expect(renderFinding(pointer, FINDING_TEXTS['zh-CN']).message).toBe('第 2 步已经发现了这一点：“cuDNN 被禁用”。只在那里说明一次；本步的结果正是它造成的。')
    // The verdicts stay: step 5's timings are still spoiled by the cause.
    expect(d.steps.find((s) => s.id === 'conv-timing')!.status).toBe(byUserCode.steps.find((s) => s.id === 'conv-timing')!.status)
  })

  it('the run option too: "switched off by this run\'s option" once, in step 2', () => {
    const d = diagnosisOf(parseReportInput(readFileSync(SAVED, 'utf8')))!
    expect(d.steps.flatMap((s) => s.findings).filter((f) => f.id === 'cudnn-disabled-by-option')).toHaveLength(1)
  })

  it('leaves different statements alone (the same id with other values)', () => {
    const d = referenceRepeatedFindings(saved)
    const healthy = JSON.parse(readFileSync('docs/verification/issue-3-h200/diagnose.json', 'utf8')) as Diagnosis
    expect(referenceRepeatedFindings(healthy)).toBe(healthy)
    expect(d.steps.length).toBe(saved.steps.length)
  })
})

describe('the reach of a finding said once', () => {
  it('still counts the step that points at it (the headline ranks by reach)', async () => {
    const { reachOf } = await import('../../../../src/shared/problem-reach')
    const d = diagnosisOf(parseReportInput(JSON.stringify(byUserCode)))!
    const finding = d.steps.find((s) => s.id === 'cudnn-loaded')!.findings.find((f) => f.id === 'cudnn-disabled')!
    expect([...reachOf('cudnn-loaded', finding, d.steps)]).toEqual(expect.arrayContaining(['cudnn-loaded', 'conv-timing']))
  })
})
