import { describe, expect, it } from 'vitest'

import { cliEn, cliZh } from '../../../src/shared/i18n/cli/strings'
import { historyEn } from '../../../src/shared/i18n/cli/history'
import { createTranslator } from '../../../src/cli/i18n'
import { stepResult, summary } from '../../../src/core/domain/diagnosis/step-inputs'
import { reportEn } from '../../../src/shared/i18n/report'
import { reportTranslator } from '../../../src/core/domain/report/rendering/translator'
import { dockerNotesEn } from '../../../src/shared/i18n/docker-notes'
import { envFindingsEn } from '../../../src/shared/i18n/env-findings'
import { findingsEn } from '../../../src/shared/i18n/findings'
import { problemsEn } from '../../../src/shared/i18n/problems'
import { samplerEn } from '../../../src/shared/i18n/sampler'
import { stepsEn } from '../../../src/shared/i18n/steps'
import { summariesEn } from '../../../src/shared/i18n/summaries'
import { translateSummary } from '../../../src/shared/i18n/translate-summary'
import { watchEn } from '../../../src/shared/i18n/watch'
import { desktopEn } from '../../../src/shared/i18n/desktop'
import { uiEn } from '../../../src/shared/i18n/ui/ui-en'

/** Every English text a user reads, by catalog. */
const CATALOGS: Record<string, Record<string, unknown>> = {
  cli: cliEn,
  cliHistory: historyEn,
  report: reportEn,
  findings: findingsEn,
  envFindings: envFindingsEn,
  summaries: summariesEn,
  watch: watchEn,
  steps: stepsEn,
  problems: problemsEn,
  sampler: samplerEn,
  docker: dockerNotesEn,
  desktop: desktopEn,
  ui: uiEn,
}

describe('counts read as English and Chinese, never "GPU(s)"', () => {
  it('no English text writes a plural as "(s)", "(es)" or "(ies)"', () => {
    const found: string[] = []
    for (const [name, catalog] of Object.entries(CATALOGS)) {
      for (const [key, text] of Object.entries(catalog)) {
        if (typeof text === 'string' && /[A-Za-z]\((?:s|es|ies)\)/.test(text)) found.push(`${name}:${key}: ${text}`)
      }
    }
    expect(found).toEqual([])
  })

  it('step 1\'s summary says "1 GPU" and "2 GPUs", in the core\'s English and through i18next', () => {
    const one = stepResult('gpu-visible', 'pass', summary('gpuVisible.ok', { torch: '2.11.0', cuda: '13.0', count: 1, names: 'NVIDIA H200' }), {} as never)
    const two = stepResult('gpu-visible', 'pass', summary('gpuVisible.ok', { torch: '2.11.0', cuda: '13.0', count: 2, names: 'NVIDIA H100, NVIDIA H100' }), {} as never)
    expect(one.summary).toBe('PyTorch 2.11.0 (CUDA 13.0) sees 1 GPU: NVIDIA H200')
    expect(two.summary).toBe('PyTorch 2.11.0 (CUDA 13.0) sees 2 GPUs: NVIDIA H100, NVIDIA H100')
    const en = reportTranslator('en')
    const zh = reportTranslator('zh-CN')
    expect(translateSummary(one, (k, o) => en(k, { ns: 'summaries', ...o }))).toBe(one.summary)
    expect(translateSummary(two, (k, o) => en(k, { ns: 'summaries', ...o }))).toBe(two.summary)
    expect(translateSummary(one, (k, o) => zh(k, { ns: 'summaries', ...o }))).toBe('PyTorch 2.11.0（CUDA 13.0）看到 1 块 GPU：NVIDIA H200')
    // Saved by an earlier version with "GPU(s)" and no key: recognised, and said right.
    expect(translateSummary({ summary: 'PyTorch 2.11.0 (CUDA 13.0) sees 1 GPU(s): NVIDIA H200' }, (k, o) => en(k, { ns: 'summaries', ...o }))).toBe(one.summary)
  })

  it('the report and the CLI count in words: one process, one sample, one other node, one masked value', () => {
    const en = reportTranslator('en')
    expect([en('gpu.processes', { count: 1 }), en('gpu.processes', { count: 3 })]).toEqual(['1 GPU process running', '3 GPU processes running'])
    expect(en('monitor.span', { count: 1, from: 'a', to: 'a' })).toBe('1 sample at a')
    expect(en('fleet.why.drift', { count: 1, field: 'cuDNN', value: '9.1', others: '9.19' })).toBe('cuDNN is 9.1 where 1 other node has 9.19')
    const cli = createTranslator('en')
    expect([cli('report.masked', { count: 1, kinds: 'host' }), cli('report.masked', { count: 2, kinds: 'host, uuid' })]).toEqual([
      'Masked 1 private value (host); --no-redact keeps it',
      'Masked 2 private values (host, uuid); --no-redact keeps them',
    ])
    expect(createTranslator('zh-CN')('report.masked', { count: 1, kinds: 'host' })).toBe(cliZh['report.masked_other'].replace('{{count}}', '1').replace('{{kinds}}', 'host'))
  })
})
