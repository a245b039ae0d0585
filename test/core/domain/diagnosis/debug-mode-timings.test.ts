import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkConsistency } from '../../../../src/core/domain/diagnosis/consistency'
import { mergeSameId } from '../../../../src/core/domain/diagnosis/merge-findings'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { makeFinding } from '../../../../src/core/domain/findings/finding-catalog'
import type { StepResult } from '../../../../src/shared/diagnosis'
import type { ConvGpu } from '../../../../src/shared/evidence'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { h100ProbeInputs } from '../../../helpers/probe-inputs'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// 2×H100, CUDNN_LOGLEVEL_DBG=3 NCCL_DEBUG=INFO NCCL_P2P_DISABLE=1: step 5 FAILed cudnn-not-effective plus
// conv-slower-than-expected four times. cuDNN's debug logging slows every cuDNN call.
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/h100-x2-issue23/${f}`, import.meta.url), 'utf8')
const realRun = JSON.parse(fixture('09-nccl-and-debug.json')) as { steps: StepResult[] }
const realStep5 = realRun.steps.find((s) => s.id === 'conv-timing')!

// The clean probe document of the same machine with the variables of that run and the conv timings it measured (verbatim).
function debugReport(environment: Record<string, string>): ProbeReport {
  const clean = ProbeReportSchema.parse(JSON.parse(fixture('probe-normal.json')))
  const perGpu = (realStep5.evidence as { perGpu: ConvGpu[] }).perGpu
  const pair = (c: ConvGpu['cases'][number]) => ({ shape: c.shape, on: { ms: c.onMs, tflops: c.onTflops, spreadPercent: c.spreadOnPercent ?? 0 }, off: { ms: c.offMs, tflops: c.offTflops, spreadPercent: c.spreadOffPercent ?? 0 } })
  const runs = perGpu.map((g) => ({ index: g.cudaOrdinal, uuid: g.uuid, seed: pair(g.cases[0]!), representative: pair(g.cases[1]!) }))
  return {
    ...clean,
    environment: { ...clean.environment, ...environment },
    workloads: { conv: { seed: runs[0]!.seed, representative: runs[0]!.representative, cudnnRequested: true, secondsPerCase: 1, perGpu: runs } },
  }
}

const inputs = h100ProbeInputs

describe('step 5 with cuDNN debug logging on (the real 2×H100 timings)', () => {
  it('the real run said "cuDNN not effective" and repeated one id four times; the checker now rejects the repeats', () => {
    expect(realStep5.findings.map((f) => f.id)).toEqual(['cudnn-not-effective', ...Array(4).fill('conv-slower-than-expected')])
    expect(checkConsistency([realStep5]).filter((v) => v.rule === 'repeated-finding').length).toBeGreaterThan(0)
  })

  it('names the debugging mode as the likely cause, once, instead of cuDNN or the GPU', () => {
    const s = convTimingStep(inputs(debugReport({ CUDNN_LOGLEVEL_DBG: '3', NCCL_DEBUG: 'INFO', NCCL_P2P_DISABLE: '1' })))
    expect(s.findings.map((f) => f.id)).toEqual(['timings-under-debug-mode'])
    const f = s.findings[0]!
    expect(f.severity).toBe('warning')
    // NCCL's debug output does not slow convolutions: only the cuDNN variable is named.
    expect(f.params.variables).toBe('CUDNN_LOGLEVEL_DBG=3')
    expect(f.fix).toContain('unset CUDNN_LOGLEVEL_DBG')
    expect(f.message).toContain('cudnn-not-effective, conv-slower-than-expected; GPU 0, 1')
    expect(f.evidence).toContain('only 1.23× as fast')
    expect(s.status).toBe('warn')
    expect(findingsZh['timings-under-debug-mode.message']).toContain('{{variables}}')
    expect(checkConsistency([s])).toEqual([])
  })

  it('the same timings with cuDNN switched off: cuDNN off is the cause, not power or clocks', () => {
    const report = debugReport({})
    const s = convTimingStep(inputs({ ...report, cudnn: { ...report.cudnn!, enabled: false } }))
    const ids = s.findings.map((f) => f.id)
    expect(ids).toContain('cudnn-disabled')
    expect(ids).not.toContain('conv-slower-than-expected')
    // The comparison with the model's times is still shown as evidence.
    expect((s.evidence as { expected: unknown[] }).expected.length).toBeGreaterThan(0)
  })

  it('the same timings without the variable: cuDNN not effective, and one slower-than-expected finding listing GPUs and cases', () => {
    const s = convTimingStep(inputs(debugReport({})))
    expect(s.findings.map((f) => f.id)).toEqual(['cudnn-not-effective', 'conv-slower-than-expected'])
    const slow = s.findings[1]!
    // Each instance's values in order, so that GPU, case and ms stay paired.
    expect(slow.params.gpu).toBe('0, 0, 1, 1')
    expect(slow.params.case).toBe('seed, representative, seed, representative')
    expect(String(slow.params.ms).split(', ')).toHaveLength(4)
    expect(slow.evidence!.split('\n\n')).toHaveLength(4)
    expect(checkConsistency([s])).toEqual([])
  })

  // 4 × H100 with --seconds 1 (docs/verification/issue-24-steadiness/6-four-gpus-h100): GPUs 1 and 3 both read 725 in
  // the first half; dropping the repeat had printed "GPU 0, 1, 2, 3 did 718, 725, 721", pairing 721 with GPU 2 and none with GPU 3.
  it('merging keeps every GPU\'s value where two GPUs read the same, and says a shared value once', () => {
    const f = (gpu: number, first: string) => makeFinding('gpu-throughput-unsteady', 'warning', { gpu, first, second: '660', percent: '8.0', threshold: 5, causes: 'c' })
    const [m] = mergeSameId([f(0, '718'), f(1, '725'), f(2, '721'), f(3, '725')])
    expect(m!.params).toMatchObject({ gpu: '0, 1, 2, 3', first: '718, 725, 721, 725', second: '660', threshold: '5' })
    expect(m!.message).toContain('GPU 0, 1, 2, 3 did 718, 725, 721, 725 TFLOP/s in the first half of the load and 660 in the second')
  })

  it('merging keeps the worst severity and a tailored fix every instance shares', () => {
    const a = { ...makeFinding('gpu-workload-failed', 'warning', { gpu: 0, reason: 'x' }), fix: 'tailored' }
    const b = { ...makeFinding('gpu-workload-failed', 'error', { gpu: 1, reason: 'y' }), fix: 'tailored' }
    const [m] = mergeSameId([a, b])
    expect(m).toMatchObject({ severity: 'error', fix: 'tailored', params: { gpu: '0, 1', reason: 'x, y' } })
  })
})
