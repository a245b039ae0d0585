import { describe, expect, it } from 'vitest'

import busyRun from '../../../../docs/verification/issues-23-24-speed-h100-x2/rerun/gpu0-busy.json'
import { DiagnosisSchema } from '../../../../src/shared/diagnosis'
import { reachOf } from '../../../../src/shared/problem-reach'

import { loadDiagnosis } from '../../test-support/diagnosis-fixtures'
import { headlineOf } from '../../../../src/renderer/features/diagnosis/headline'
import { clock } from '../../../../src/renderer/components/elapsed'
import { runProgress, typicalRunMs } from '../../../../src/renderer/features/diagnosis/run-progress'
import { STEP_IDS } from '../../../../src/shared/constants'
import type { RunState } from '../../../../src/renderer/features/diagnosis/diagnosis-store'

describe('headline', () => {
  it('leads with the CPU-only build on Debian torch: one problem, its fix, step 1', () => {
    const h = headlineOf(loadDiagnosis('diagnosis-debian-cpu-torch').steps)
    expect(h).toMatchObject({ verdict: 'fail', problems: 1, first: { step: 'gpu-visible', finding: { id: 'cpu-only-torch-build', severity: 'error' } } })
  })

  it('on a healthy H200 says no problem; with cuDNN off the error comes before warnings', () => {
    expect(headlineOf(loadDiagnosis('diagnosis-h200').steps)).toMatchObject({ verdict: 'pass', problems: 0, first: null, ran: 5 })
    const off = headlineOf(loadDiagnosis('diagnosis-h200-disable-cudnn').steps)!
    expect(off.verdict).toBe('fail')
    expect(off.first?.finding.severity).toBe('error')
  })

  it('leads with what spoils the most steps, not with the earliest step: a busy GPU (steps 4–6) before NCCL_NVLS_ENABLE (NCCL only)', () => {
    const busy = DiagnosisSchema.parse(structuredClone(busyRun))
    const h = headlineOf(busy.steps)!
    expect(h.first).toMatchObject({ step: 'sm-utilisation', finding: { id: 'gpu-contended' } })
    // Two problems: the busy GPU (said in steps 4, 5 and 6) and NCCL_NVLS_ENABLE.
    expect(h.problems).toBe(2)
    const steps = busy.steps
    const nvls = steps[0]!.findings.find((f) => f.id === 'env-nccl-nvls-enable')!
    expect([...reachOf('gpu-visible', nvls, steps)]).toEqual(['gpu-links'])
    expect([...reachOf('sm-utilisation', h.first!.finding, steps)].sort()).toEqual(['conv-timing', 'gpu-links', 'sm-utilisation'])
    // Without the busy GPU's findings, NVLS is the one problem left to name.
    const idle = steps.map((s) => ({ ...s, findings: s.findings.filter((f) => f.id === 'env-nccl-nvls-enable') }))
    expect(headlineOf(idle)!.first?.finding.id).toBe('env-nccl-nvls-enable')
  })

  it('an error that failed step 1 reaches the steps skipped because of it', () => {
    const cpu = loadDiagnosis('diagnosis-debian-cpu-torch')
    const f = cpu.steps[0]!.findings[0]!
    expect([...reachOf('gpu-visible', f, cpu.steps)].sort()).toEqual(['conv-timing', 'cudnn-loaded', 'gpu-visible', 'sm-utilisation'])
  })

  it('is nothing before any step ran', () => {
    expect(headlineOf([])).toBeNull()
  })
})

describe('run progress', () => {
  const run = (phases: RunState['stepPhases']): RunState => ({
    runId: 'r',
    steps: ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'],
    python: '/p',
    startedAt: 1000,
    phase: 'running',
    stepPhases: phases,
    samples: [],
    stage: '',
    message: '',
  })

  it('names the running step, the elapsed time, and a typical total before any run', () => {
    const p = runProgress(run({ 'gpu-visible': 'done', 'cudnn-loaded': 'running' }), {}, 13_400)
    expect(p).toMatchObject({ current: { id: 'cudnn-loaded', index: 2 }, total: 5, elapsedMs: 12_400, estimateFrom: 'typical' })
    expect(clock(p.elapsedMs)).toBe('0:12')
    expect(clock(92_000)).toBe('1:32')
  })

  it('promises on the live page what a run then says: the typical total of all six steps', () => {
    const p = runProgress({ ...run({}), steps: [...STEP_IDS] }, {}, 1000)
    expect(p.estimateFrom).toBe('typical')
    expect(typicalRunMs(STEP_IDS)).toBe(p.estimateMs)
    expect(clock(typicalRunMs(STEP_IDS))).toBe('0:31')
  })

  it('estimates from the last run’s step times when every step has one', () => {
    const d = loadDiagnosis('diagnosis-h200')
    const results = Object.fromEntries(d.steps.map((s) => [s.id, s]))
    const p = runProgress(run({}), results, 1000)
    expect(p.estimateFrom).toBe('last-run')
    expect(p.estimateMs).toBe(d.steps.reduce((sum, s) => sum + s.durationMs, 0))
    expect(p.current).toBeNull()
  })
})
