import { describe, expect, it } from 'vitest'

import type { DockerProblem, PullProgress } from '../../../../src/shared/docker'
import { createImagesStore, pullActive } from '../../../../src/renderer/features/images/images-store'

const REF = 'pytorch/pytorch:2.14.0-cuda13.0-cudnn9-runtime'
const progress = (pullId: string, bytesDone: number): PullProgress => ({
  pullId,
  ref: REF,
  status: 'Downloading',
  layers: [{ id: 'l1', status: 'Downloading', current: bytesDone, total: 100, done: false }],
  layersDone: 0,
  bytesDone,
  bytesTotal: 100,
  percent: bytesDone,
})
const problem = (code: DockerProblem['code']): DockerProblem => ({ code, failureModeId: null, message: `${code} message`, fix: 'fix', detail: '' })

describe('images store: pulls', () => {
  it('runs a pull from request to done, keyed by the reference asked for', () => {
    const s = createImagesStore()
    expect(s.getState().pullRequested(REF)).toBe(true)
    expect(s.getState().pullRequested(REF)).toBe(false)
    expect(s.getState().pulls[REF]).toMatchObject({ phase: 'starting', pullId: null })
    s.getState().pullStarted(REF, 'p1')
    s.getState().pullProgress(progress('p1', 40))
    expect(s.getState().pulls[REF]).toMatchObject({ phase: 'pulling', progress: { bytesDone: 40 } })
    // Events of other pulls are not this one's.
    s.getState().pullProgress(progress('p2', 90))
    expect(s.getState().pulls[REF]?.progress?.bytesDone).toBe(40)
    s.getState().pullDone({ kind: 'done', pullId: 'p1', ref: `docker.io/${REF}`, digest: 'sha256:abc', bytesTotal: 100 })
    expect(s.getState().pulls[REF]).toMatchObject({ phase: 'done', digest: 'sha256:abc' })
    expect(pullActive(s.getState().pulls[REF])).toBe(false)
    // Late progress does not bring a finished pull back.
    s.getState().pullProgress(progress('p1', 50))
    expect(s.getState().pulls[REF]?.phase).toBe('done')
    s.getState().dismissPull(REF)
    expect(s.getState().pulls[REF]).toBeUndefined()
  })

  it('keeps events that arrive before docker:pull-start answered, and applies them to their pull', () => {
    const s = createImagesStore()
    s.getState().pullRequested(REF)
    s.getState().pullProgress(progress('p7', 10))
    s.getState().pullProgress(progress('p7', 20))
    s.getState().pullDone({ kind: 'failed', pullId: 'p7', ref: REF, problem: problem('registry-unreachable') })
    expect(s.getState().pulls[REF]?.progress).toBeNull()
    s.getState().pullStarted(REF, 'p7')
    expect(s.getState().pulls[REF]).toMatchObject({ phase: 'failed', progress: { bytesDone: 20 }, problem: { code: 'registry-unreachable' } })
  })

  it('a cancelled pull ends as cancelled, not failed; a refused start keeps the reason', () => {
    const s = createImagesStore()
    s.getState().pullRequested(REF)
    s.getState().pullStarted(REF, 'p1')
    s.getState().pullCancelRequested(REF)
    expect(s.getState().pulls[REF]?.phase).toBe('cancelling')
    s.getState().pullProgress(progress('p1', 30))
    expect(s.getState().pulls[REF]?.phase).toBe('cancelling')
    s.getState().pullDone({ kind: 'failed', pullId: 'p1', ref: REF, problem: problem('failed') })
    expect(s.getState().pulls[REF]).toMatchObject({ phase: 'cancelled', problem: null })

    s.getState().pullRequested('bad ref')
    s.getState().pullStartFailed('bad ref', { code: 'internal', message: 'The Docker engine is not running.' })
    expect(s.getState().pulls['bad ref']).toMatchObject({ phase: 'failed', error: { message: 'The Docker engine is not running.' } })
  })

  it('cannot dismiss a pull under way', () => {
    const s = createImagesStore()
    s.getState().pullRequested(REF)
    s.getState().dismissPull(REF)
    expect(s.getState().pulls[REF]).toBeDefined()
  })
})

describe('images store: form and compare', () => {
  it('a form edit clears the field error; clearing resets the answer', () => {
    const s = createImagesStore()
    s.getState().setFormError('driver')
    s.getState().setForm({ driver: '570' })
    expect(s.getState()).toMatchObject({ formError: null, form: { driver: '570' } })
    s.getState().setOther({ value: null, error: null, loading: true }, { driver: '570' })
    s.getState().clearOther()
    expect(s.getState().other).toEqual({ value: null, error: null, loading: false, request: null })
    expect(s.getState().form.driver).toBe('')
  })

  it('compare starts from the host and records the answer or the error', () => {
    const s = createImagesStore()
    expect(s.getState().compare).toMatchObject({ a: 'host', b: '', running: false })
    s.getState().setCompareSide('b', 'img:1')
    s.getState().compareStarted()
    expect(s.getState().compare.running).toBe(true)
    s.getState().compareFailed({ code: 'internal', message: 'no engine' })
    expect(s.getState().compare).toMatchObject({ running: false, error: { message: 'no engine' }, b: 'img:1' })
  })
})
