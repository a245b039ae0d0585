import { describe, expect, it } from 'vitest'

import { createI18n } from '../../../../src/renderer/i18n'

import type { Diagnosis, DiagnosisProgress, StepId, StepResult } from '../../../../src/shared/diagnosis'
import {
  applyProgress,
  chosenPython,
  createDiagnosisStore,
  defaultInterpreter,
  MAX_LIVE_SAMPLES,
  OTHER,
  PYTHON_KEY,
  type Interpreter,
  type RunState,
} from '../../../../src/renderer/features/diagnosis/diagnosis-store'

const interp = (path: string, torch: boolean, error: string | null = null): Interpreter => ({
  path,
  source: 'path',
  version: error ? null : '3.11.2',
  torchLocation: torch ? `${path}/torch/__init__.py` : null,
  error,
})

const progress = (runId: string, stage: string, step: StepId | null, sample: DiagnosisProgress['sample'] = null): DiagnosisProgress => ({
  runId,
  stage,
  step,
  message: stage,
  sample,
})

const result = (id: StepId, status: StepResult['status']): StepResult => ({
  id,
  status,
  summary: `${id} ${status}`,
  summaryKey: null,
  summaryParams: {},
  evidence: {},
  findings: [],
  durationMs: 1,
})

const diagnosis = (steps: StepResult[]): Diagnosis => ({
  schemaVersion: 1,
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:00:05Z',
  environment: { python: '/usr/bin/python3' },
  steps,
})

function readyStore() {
  const store = createDiagnosisStore()
  store.getState().setInterpreters([interp('/a/python3', false), interp('/usr/bin/python3', true)])
  return store
}

describe('interpreter choice', () => {
  it('defaults to the first interpreter with torch, else the first that runs', () => {
    expect(defaultInterpreter([interp('/a', false), interp('/b', true), interp('/c', true)])).toBe('/b')
    expect(defaultInterpreter([interp('/x', true, 'not found'), interp('/a', false)])).toBe('/a')
    expect(defaultInterpreter([])).toBe(OTHER)
  })

  it('uses the typed path for "another Python", and none when it is blank', () => {
    expect(chosenPython({ selected: '/usr/bin/python3', otherPath: '/ignored' })).toBe('/usr/bin/python3')
    expect(chosenPython({ selected: OTHER, otherPath: '  /opt/py/bin/python ' })).toBe('/opt/py/bin/python')
    expect(chosenPython({ selected: OTHER, otherPath: '  ' })).toBeNull()
    expect(chosenPython({ selected: '', otherPath: '' })).toBeNull()
  })

  it('keeps the user’s choice when the list is read again, and typing selects "another Python"', () => {
    const store = readyStore()
    expect(store.getState().selected).toBe('/usr/bin/python3')
    store.getState().select('/a/python3')
    store.getState().setInterpreters([interp('/a/python3', false), interp('/usr/bin/python3', true)])
    expect(store.getState().selected).toBe('/a/python3')
    store.getState().setOtherPath('/x/python')
    expect(store.getState().selected).toBe(OTHER)
    expect(chosenPython(store.getState())).toBe('/x/python')
  })

  it('does not choose "another Python" while its box is empty (Tab through it keeps Run enabled)', () => {
    const store = readyStore()
    store.getState().setOtherPath('   ')
    expect(store.getState().selected).toBe('/usr/bin/python3')
    expect(chosenPython(store.getState())).toBe('/usr/bin/python3')
  })

  it('remembers the Python of the last completed diagnosis and picks it at the next start, listed or typed', () => {
    const saved = new Map<string, string>()
    const storage = { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => void saved.set(k, v) }
    const list = [interp('/a/python3', false), interp('/usr/bin/python3', true)]

    const first = createDiagnosisStore(storage)
    first.getState().setInterpreters(list)
    first.getState().select('/a/python3')
    first.getState().runRequested()
    first.getState().runStarted('r1')
    // A cancelled run is not a choice worth keeping.
    first.getState().cancelRequested()
    first.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'pass')]) })
    expect(saved.has(PYTHON_KEY)).toBe(false)
    first.getState().runRequested()
    first.getState().runStarted('r2')
    first.getState().done({ kind: 'done', runId: 'r2', diagnosis: diagnosis([result('gpu-visible', 'pass')]) })
    expect(saved.get(PYTHON_KEY)).toBe('/a/python3')

    // Next start: the remembered one, not the default (the one with torch).
    const second = createDiagnosisStore(storage)
    second.getState().setInterpreters(list)
    expect(second.getState().selected).toBe('/a/python3')

    // A typed path that the search does not list comes back typed.
    saved.set(PYTHON_KEY, '/opt/env/bin/python')
    const third = createDiagnosisStore(storage)
    third.getState().setInterpreters(list)
    expect(third.getState()).toMatchObject({ selected: OTHER, otherPath: '/opt/env/bin/python' })
    expect(chosenPython(third.getState())).toBe('/opt/env/bin/python')
  })

  it('never shows results of another Python under a new run, even when that run is cancelled', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    store.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'fail')]) })
    expect(store.getState()).toMatchObject({ resultsPython: '/usr/bin/python3', results: { 'gpu-visible': { status: 'fail' } } })
    // The same Python again keeps the results until the new ones come.
    store.getState().runRequested(['ldd-linkage'])
    expect(store.getState().results['gpu-visible']).toBeDefined()
    store.getState().runLost()
    store.getState().select('/a/python3')
    store.getState().runRequested()
    store.getState().runStarted('r2')
    expect(store.getState().results).toEqual({})
    store.getState().cancelRequested()
    store.getState().done({ kind: 'done', runId: 'r2', diagnosis: diagnosis([result('gpu-visible', 'pass')]) })
    expect(store.getState()).toMatchObject({ results: {}, finishedAt: null, notice: { kind: 'cancelled' } })
  })

  it('keeps the results of a run whose save failed, with why and where, and forgets it on the next run', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    const saveError = { reason: 'not-writable' as const, path: '/ro/history', message: 'EROFS' }
    store.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'fail')]), saved: null, saveError, pruned: 0, keeps: 500 })
    expect(store.getState()).toMatchObject({ results: { 'gpu-visible': { status: 'fail' } }, notice: null, save: { error: saveError } })
    const en = createI18n('en')
    const zh = createI18n('zh-CN')
    const say = (t: typeof en.t) => t('hist.saveFailed', { why: t(`hist.why.${saveError.reason}`), path: saveError.path })
    expect(say(en.t)).toBe('This diagnosis was not saved to the history: the folder is not writable (/ro/history). The results below are complete; copy or save a report to keep them.')
    expect(say(zh.t)).toContain('本次诊断没有保存到历史记录：文件夹不可写（/ro/history）')
    store.getState().runRequested()
    expect(store.getState().save).toBeNull()
    store.getState().runStarted('r2')
    store.getState().done({ kind: 'done', runId: 'r2', diagnosis: diagnosis([result('gpu-visible', 'fail')]), saveError: null, pruned: 3, keeps: 2 })
    expect(store.getState().save).toEqual({ error: null, pruned: 3, keeps: 2 })
    expect(en.t('hist.pruned', { count: 3, keeps: 2 })).toBe('Saved. The history keeps 2 diagnoses, so the 3 oldest were deleted.')
  })

  it('says why a refused Python was refused, with the values to say it in any language', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStartFailed({ code: 'bad-interpreter', message: 'x', details: { python: '/nope', reason: 'missing', detail: '' } })
    expect(store.getState().notice).toEqual({ kind: 'start-error', message: 'x', code: 'bad-interpreter', details: { python: '/nope', reason: 'missing', detail: '' } })
    expect(store.getState().results).toEqual({})
  })
})

describe('progress', () => {
  const run: RunState = {
    runId: 'r1',
    steps: ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing'],
    python: '/p',
    startedAt: 0,
    phase: 'running',
    stepPhases: { 'gpu-visible': 'pending', 'cudnn-loaded': 'pending', 'ldd-linkage': 'pending', 'sm-utilisation': 'pending', 'conv-timing': 'pending' },
    samples: [],
    stage: '',
    message: '',
  }

  it('marks the event’s step running and the ones before it measured', () => {
    const next = applyProgress(run, progress('r1', 'ldd', 'ldd-linkage'))
    expect(next.stepPhases).toEqual({ 'gpu-visible': 'done', 'cudnn-loaded': 'done', 'ldd-linkage': 'running', 'sm-utilisation': 'pending', 'conv-timing': 'pending' })
    expect(next).toMatchObject({ stage: 'ldd', message: 'ldd' })
  })

  it('maps workload:cudnn-maps to step 3, and "done" finishes every step', () => {
    expect(applyProgress(run, progress('r1', 'workload:cudnn-maps', null)).stepPhases['ldd-linkage']).toBe('running')
    expect(Object.values(applyProgress(run, progress('r1', 'done', null)).stepPhases)).toEqual(Array(5).fill('done'))
  })

  it('ignores steps that are not part of the run', () => {
    const single: RunState = { ...run, steps: ['ldd-linkage'], stepPhases: { 'ldd-linkage': 'pending' } }
    expect(applyProgress(single, progress('r1', 'import-torch', 'gpu-visible')).stepPhases).toEqual({ 'ldd-linkage': 'pending' })
    expect(applyProgress(single, progress('r1', 'workload:conv', 'conv-timing')).stepPhases).toEqual({ 'ldd-linkage': 'done' })
  })

  it('collects SM samples (bounded) without moving the steps on or replacing the stage', () => {
    const early = applyProgress(applyProgress(run, progress('r1', 'import-torch', 'gpu-visible')), progress('r1', 'sample', 'sm-utilisation', { time: 0, gpu: 0, sm: 0 }))
    expect(early.stepPhases['gpu-visible']).toBe('running')
    expect(early.stepPhases['sm-utilisation']).toBe('pending')
    expect(early.samples).toHaveLength(1)
    let next = applyProgress(run, progress('r1', 'workload:sustained', 'sm-utilisation'))
    next = applyProgress(next, progress('r1', 'sample', 'sm-utilisation', { time: 1, gpu: 0, sm: 97 }))
    expect(next.samples).toEqual([{ time: 1, gpu: 0, sm: 97 }])
    expect(next.stage).toBe('workload:sustained')
    let many = next
    for (let i = 0; i < MAX_LIVE_SAMPLES + 10; i++) many = applyProgress(many, progress('r1', 'sample', 'sm-utilisation', { time: i + 2, gpu: 0, sm: 1 }))
    expect(many.samples).toHaveLength(MAX_LIVE_SAMPLES)
    expect(many.samples.at(-1)?.time).toBe(MAX_LIVE_SAMPLES + 11)
  })
})

describe('a run', () => {
  it('refuses to start without a Python or while one runs', () => {
    const store = createDiagnosisStore()
    store.getState().setInterpreters([])
    expect(store.getState().runRequested()).toBe(false)
    store.getState().setOtherPath('/p')
    expect(store.getState().runRequested()).toBe(true)
    expect(store.getState().runRequested()).toBe(false)
    expect(store.getState().run).toMatchObject({ python: '/p', phase: 'starting', steps: ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing', 'gpu-links'] })
  })

  it('buffers events that arrive before its id, replays its own, drops the others', () => {
    const store = readyStore()
    store.getState().runRequested(['gpu-visible', 'ldd-linkage'])
    store.getState().progress(progress('other', 'ldd', 'ldd-linkage'))
    store.getState().progress(progress('r1', 'import-torch', 'gpu-visible'))
    expect(store.getState().run?.stepPhases['gpu-visible']).toBe('pending')
    store.getState().runStarted('r1')
    expect(store.getState().run).toMatchObject({ runId: 'r1', phase: 'running', stepPhases: { 'gpu-visible': 'running', 'ldd-linkage': 'pending' } })
    store.getState().progress(progress('other', 'done', null))
    expect(store.getState().run?.stepPhases['ldd-linkage']).toBe('pending')
  })

  it('a run that finishes before its id arrives still shows its results', () => {
    const store = readyStore()
    store.getState().runRequested(['gpu-visible'])
    store.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'fail')]) })
    expect(store.getState().run).not.toBeNull()
    store.getState().runStarted('r1')
    expect(store.getState().run).toBeNull()
    expect(store.getState().results['gpu-visible']?.status).toBe('fail')
  })

  it('a single-step run replaces only its own result', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    store.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'fail'), result('ldd-linkage', 'pass')]) })
    store.getState().runRequested(['ldd-linkage'])
    store.getState().runStarted('r2')
    store.getState().done({ kind: 'done', runId: 'other', diagnosis: diagnosis([result('ldd-linkage', 'skip')]) })
    expect(store.getState().run?.runId).toBe('r2')
    store.getState().done({ kind: 'done', runId: 'r2', diagnosis: diagnosis([result('ldd-linkage', 'warn')]) })
    expect(store.getState().run).toBeNull()
    expect(store.getState().results['gpu-visible']?.status).toBe('fail')
    expect(store.getState().results['ldd-linkage']?.status).toBe('warn')
    expect(store.getState().finishedAt).toBe('2026-01-01T00:00:05Z')
    expect(store.getState().environment).toEqual({ python: '/usr/bin/python3' })
  })

  it('a failed run says why; a start refused says so', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    store.getState().done({ kind: 'failed', runId: 'r1', message: 'boom' })
    expect(store.getState()).toMatchObject({ run: null, notice: { kind: 'failed', message: 'boom' } })
    store.getState().runRequested()
    expect(store.getState().notice).toBeNull()
    store.getState().runStartFailed({ code: 'invalid-arguments', message: 'bad python' })
    expect(store.getState()).toMatchObject({ run: null, notice: { kind: 'start-error', message: 'bad python' } })
  })

  it('a cancelled run ends as cancelled and its verdicts are dropped', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    store.getState().cancelRequested()
    expect(store.getState().run?.phase).toBe('cancelling')
    store.getState().progress(progress('r1', 'ldd', 'ldd-linkage'))
    expect(store.getState().run?.phase).toBe('cancelling')
    store.getState().done({ kind: 'done', runId: 'r1', diagnosis: diagnosis([result('gpu-visible', 'fail')]) })
    expect(store.getState()).toMatchObject({ run: null, results: {}, notice: { kind: 'cancelled' } })
  })

  it('cancel before the id is known stays cancelling once the id arrives', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().cancelRequested()
    store.getState().runStarted('r1')
    expect(store.getState().run).toMatchObject({ runId: 'r1', phase: 'cancelling' })
  })

  it('a lost run returns to idle', () => {
    const store = readyStore()
    store.getState().runRequested()
    store.getState().runStarted('r1')
    store.getState().runLost()
    expect(store.getState()).toMatchObject({ run: null, notice: { kind: 'lost' } })
  })
})
