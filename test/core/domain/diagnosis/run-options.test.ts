import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { attributeRunOptions } from '../../../../src/core/domain/diagnosis/run-options'
import { diagnosisOf, parseReportInput } from '../../../../src/core/domain/report/load-input'
import { reportTranslator } from '../../../../src/core/domain/report/rendering/translator'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import { translateSummary } from '../../../../src/shared/i18n/translate-summary'

// A real H200 run made with "Run with cuDNN switched off", saved before the option's findings were named so.
const SAVED = 'docs/verification/issue-3-h200/diagnose-disable-cudnn.json'
const HEALTHY = 'docs/verification/issue-3-h200/diagnose.json'
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Diagnosis
const texts = (d: Diagnosis) => JSON.stringify(d.steps.map((s) => [s.summary, s.findings.map((f) => [f.id, f.message, f.fix])]))

describe('a run made with GPU Doctor\'s "cuDNN switched off" option', () => {
  it('never tells the user to remove code of theirs: steps 2 and 5 name the option as the cause', () => {
    const saved = read(SAVED)
    expect(texts(saved)).toContain('Remove the code that sets')
    const d = attributeRunOptions(saved)
    expect(texts(d)).not.toContain('Remove the code that sets')
    for (const id of ['cudnn-loaded', 'conv-timing'] as const) {
      const step = d.steps.find((s) => s.id === id)!
      expect(step.findings.map((f) => f.id)).toContain('cudnn-disabled-by-option')
      expect(step.findings.map((f) => f.id)).not.toContain('cudnn-disabled')
      // Nor is the missing speed-up a cuDNN to check: the option is its cause.
      expect(step.findings.map((f) => f.id)).not.toContain('cudnn-not-effective')
    }
    // Step 2's summary quotes the option's words, in Chinese too (a file saved without summary keys).
    const two = d.steps.find((s) => s.id === 'cudnn-loaded')!
    expect(two.summary).toContain('Run with cuDNN switched off')
    const zh = reportTranslator('zh-CN')
    const inChinese = translateSummary(two, (key, options) => zh(key, options))
    expect(inChinese).toContain('关闭 cuDNN 运行')
    expect(inChinese).not.toContain('删掉')
  })

  it('is named so when a saved diagnosis is read back (history, report --from)', () => {
    const d = diagnosisOf(parseReportInput(readFileSync(SAVED, 'utf8')))!
    expect(texts(d)).not.toContain('Remove the code that sets')
    expect(texts(d)).toContain('cudnn-disabled-by-option')
  })

  it('leaves a run without the option as it was: cuDNN switched off by the user\'s code is theirs to remove', () => {
    const healthy = read(HEALTHY)
    expect(attributeRunOptions(healthy)).toBe(healthy)
    const byCode = { ...read(SAVED), environment: { ...read(SAVED).environment, disableCudnn: false } }
    expect(texts(attributeRunOptions(byCode))).toContain('Remove the code that sets')
  })
})

describe('a pass saved with "GPU clocks throttled" for a GPU held at its power limit', () => {
  it('is read back without the failure\'s advice: the GPU ran as designed, nothing to fix', () => {
    const text = readFileSync('e2e/data/diagnosis-h200-disable-cudnn.json', 'utf8')
    const before = (JSON.parse(text) as Diagnosis).steps.find((s) => s.id === 'sm-utilisation')!
    expect(before.status).toBe('pass')
    expect(JSON.stringify(before.findings)).toContain('check the PSU and power cables')
    const step = diagnosisOf(parseReportInput(text))!.steps.find((s) => s.id === 'sm-utilisation')!
    expect(step.status).toBe('pass')
    expect(step.findings.map((f) => [f.id, f.severity, f.params])).toEqual([['gpu-power-capped-under-load', 'info', { limit: '700' }]])
    expect(JSON.stringify(step.findings)).not.toContain('PSU')
    expect(step.findings[0]!.fix).toMatch(/^Nothing to fix/)
  })
})
