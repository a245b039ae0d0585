import { describe, expect, it } from 'vitest'

import { reportTranslator } from '../../../src/core/domain/report/rendering/translator'
import { findingsZh } from '../../../src/shared/i18n/findings'
import { summariesZh } from '../../../src/shared/i18n/summaries'
import { recoverSummary, translateSummary } from '../../../src/shared/i18n/translate-summary'
import { h200Diagnosis } from '../domain/report/fixtures'

const zh = reportTranslator('zh-CN')
const t = (key: string, options: Record<string, unknown>) => zh(key, options)

describe('summaries saved without their key (diagnoses from before summary keys)', () => {
  it('are recognised by their English text, today’s wording or an earlier one', () => {
    expect(recoverSummary('cuDNN 9.19.0 is loaded and enabled (cuDNN 9 expected for torch 2.11.0+cu130)')).toEqual({
      key: 'cudnn.ok',
      params: { version: '9.19.0', expected: '9', torch: '2.11.0+cu130' },
    })
    expect(recoverSummary('PyTorch 2.11.0+cu130 (CUDA 13.0) sees 1 GPU: NVIDIA H200 (sm_90)')).toMatchObject({ key: 'gpuVisible.ok', params: { count: '1', names: 'NVIDIA H200 (sm_90)' } })
    expect(recoverSummary('Skipped: CUDA is not available to PyTorch')?.key).toBe('skip.noCuda')
    // Saved before steps 4-6 named step 1's answer as theirs: still translated.
    expect(recoverSummary('Skipped: PyTorch cannot use CUDA (step 1)')?.key).toBe('skip.noCuda')
    expect(recoverSummary('Skipped: this PyTorch is a CPU-only build (step 1)')?.key).toBe('skip.cpuBuild')
    // The most specific template wins over "Skipped: {{reason}}".
    expect(recoverSummary('Skipped: not requested')?.key).toBe('skip.notRequested')
    expect(recoverSummary('Something a later version says')).toBeNull()
  })

  it('are translated, with a reason that is a finding’s message translated as that finding', () => {
    for (const name of ['diagnose', 'diagnose-disable-cudnn', 'diagnose-cvd-empty', 'diagnose-cudnn-shadow'] as const) {
      for (const step of h200Diagnosis(name).steps) {
        expect(step.summaryKey, `${name} ${step.id}`).toBeNull()
        const said = translateSummary(step, t)
        expect(said, `${name} ${step.id}: ${said}`).not.toBe(step.summary)
        // Nothing of the English sentence is left but identifiers, versions and paths.
        expect(said, `${name} ${step.id}: ${said}`).not.toMatch(/\b(is|are|not|under|sees|cannot|libraries|resolve|mapped|Skipped)\b/)
      }
    }
    const cudnn = h200Diagnosis('diagnose-disable-cudnn').steps.find((s) => s.id === 'cudnn-loaded')!
    // That run was made with --disable-cudnn: the reason is the option, read back as such (src/core/domain/diagnosis/run-options.ts).
    expect(translateSummary(cudnn, t)).toBe(`cuDNN 未被使用：${findingsZh['cudnn-disabled-by-option.message']}`)
    expect(summariesZh['cudnn.fail']).toBe('cuDNN 未被使用：{{reason}}')
  })
})

describe("step 5's list of GPUs", () => {
  it('marks a busy GPU in the reader’s language (a real 2×H100 run with GPU 0 busy)', async () => {
    const { readFileSync } = await import('node:fs')
    const run = JSON.parse(readFileSync(new URL('../../../docs/verification/issues-23-24-speed-h100-x2/rerun/gpu0-busy.json', import.meta.url), 'utf8')) as {
      steps: Array<{ id: string; summary: string; summaryKey?: string | null; summaryParams?: Record<string, string | number> }>
    }
    const conv = run.steps.find((s) => s.id === 'conv-timing')!
    expect(conv.summary).toContain('GPU 0 1.090 (busy), GPU 1 0.483')
    const said = translateSummary(conv, t)
    expect(said).toContain('GPU 0 1.090（占用中）, GPU 1 0.483')
    expect(said).not.toContain('busy')
  })
})
