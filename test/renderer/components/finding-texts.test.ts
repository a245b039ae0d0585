import { describe, expect, it } from 'vitest'

import type { Finding, StepResult } from '../../../src/shared/diagnosis'
import { findingsEn, findingsZh } from '../../../src/shared/i18n/findings'
import { createI18n } from '../../../src/renderer/i18n'
import { loadDiagnosis, stepOf } from '../test-support/diagnosis-fixtures'
import { coreOr, findingText, stepSummary } from '../../../src/renderer/components/finding-texts'

const zh = createI18n('zh-CN')
const en = createI18n('en')
const h200 = loadDiagnosis('diagnosis-h200')
const noCudnn = loadDiagnosis('diagnosis-h200-disable-cudnn')
const cpu = loadDiagnosis('diagnosis-debian-cpu-torch')

describe('finding texts', () => {
  const f: Finding = { id: 'cudnn-not-effective', severity: 'error', message: 'core message', fix: 'core fix', evidence: null, params: { ratio: '1.00' } }

  it('come from the findings catalog with their params, in each language', () => {
    expect(findingText(f, en.t).message).toBe(findingsEn['cudnn-not-effective.message']!.replace('{{ratio}}', '1.00'))
    expect(findingText(f, zh.t).message).toBe(findingsZh['cudnn-not-effective.message']!.replace('{{ratio}}', '1.00'))
    expect(findingText(f, zh.t).title).toBe(findingsZh['cudnn-not-effective.title'])
  })

  it('show the fix with this machine’s install command in each language', () => {
    const f = stepOf(cpu, 'gpu-visible').findings[0]!
    const install = '/usr/bin/python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url https://download.pytorch.org/whl/cu130'
    expect(f.params.install).toBe(install)
    // The command makes a venv: its note on Debian's python3-venv is said (the [[venv]] section kept, its markers gone).
    const shown = (template: string) => template.replace('{{install}}', install).replace(/\[\[\/?venv\]\]/g, '')
    expect(findingText(f, en.t).fix).toBe(shown(findingsEn['cpu-only-torch-build.fix']!))
    expect(findingText(f, zh.t).fix).toBe(shown(findingsZh['cpu-only-torch-build.fix']!))
    expect(findingText(f, en.t).fix).toContain('sudo apt install python3-venv')
  })

  it('never show "?" for the command of a finding saved before fixes took one: the core’s saved text instead', () => {
    const saved: Finding = {
      id: 'cpu-only-torch-build',
      severity: 'error',
      message: 'm',
      fix: 'Reinstall from the CUDA index that matches your driver, e.g. `pip install --force-reinstall torch torchvision --index-url https://download.pytorch.org/whl/cu128`.',
      evidence: null,
      params: { torch: '1.13.0a0' },
    }
    expect(findingText(saved, zh.t).fix).toBe(saved.fix)
    expect(findingText(saved, en.t).fix).not.toContain('?')
  })

  it('fall back to the core’s own text and the id for an unknown finding', () => {
    const unknown = { ...f, id: 'brand-new-check' }
    expect(findingText(unknown, zh.t)).toEqual({ title: 'brand-new-check', message: 'core message', fix: 'core fix' })
  })
})

describe('step summaries', () => {
  it('English: the same text the core wrote (saved before plurals: "1 GPU(s)" reads "1 GPU")', () => {
    const plural = (s: string) => s.replace(/\b1 GPU\(s\)/g, '1 GPU').replace(/GPU\(s\)/g, 'GPUs')
    // Skips that cite step 1 read as step 1's answer today ("Not run: step 1 found …"), in files saved before too.
    const reworded = (s: string) =>
      s
        .replace('Skipped: this PyTorch is a CPU-only build (step 1)', 'Not run: step 1 found no CUDA in this PyTorch (a CPU-only build)')
        .replace('Skipped: PyTorch cannot use CUDA (step 1)', 'Not run: step 1 found that PyTorch cannot use CUDA here')
    for (const d of [h200, noCudnn, cpu]) for (const step of d.steps) expect(stepSummary(step, en.t)).toBe(reworded(plural(step.summary)))
  })

  it('Chinese: every step, with the failing finding’s message in Chinese', () => {
    expect(stepSummary(stepOf(h200, 'sm-utilisation'), zh.t)).toMatch(/^负载下 SM 100%（空闲 0%），\d+ TFLOP\/s = 峰值的 \d+%$/)
    expect(stepSummary(stepOf(cpu, 'gpu-visible'), zh.t)).toBe(`PyTorch 1.13.0a0 无法使用 GPU：${findingsZh['cpu-only-torch-build.message']}`)
    expect(stepSummary(stepOf(noCudnn, 'cudnn-loaded'), zh.t)).toBe(`cuDNN 未被使用：${findingsZh['cudnn-disabled.message']}`)
    expect(stepSummary(stepOf(cpu, 'cudnn-loaded'), zh.t)).toBe('未运行：第 1 步发现这个 PyTorch 不含 CUDA（纯 CPU 版本）')
    for (const d of [h200, noCudnn, cpu]) for (const step of d.steps) expect(stepSummary(step, zh.t)).not.toBe(step.summary)
  })

  it('a saved diagnosis without summary keys shows the core’s English', () => {
    const old: StepResult = { id: 'sm-utilisation', status: 'pass', summary: 'core words', summaryKey: null, summaryParams: {}, evidence: {}, findings: [], durationMs: 0 }
    expect(stepSummary(old, zh.t)).toBe('core words')
  })

  it('coreOr keeps the core’s English only in English', () => {
    expect(coreOr('en', 'core', () => 'ui')).toBe('core')
    expect(coreOr('en', null, () => 'ui')).toBe('ui')
    expect(coreOr('zh-CN', 'core', () => 'ui')).toBe('ui')
  })
})
