import { describe, expect, it } from 'vitest'

import type { InvokeChannel } from '../../../../src/shared/channels'
import type { EngineState, LocalImage } from '../../../../src/shared/docker'
import type { RecommendResult } from '../../../../src/shared/recommend'
import { createImagesStore } from '../../../../src/renderer/features/images/images-store'
import { type Answer, deferred, err, fakeTransport, flush, ok } from '../../test-support/fake-transport'
import { createImagesController } from '../../../../src/renderer/features/images/images-controller'

const RESULT: RecommendResult = {
  input: { gpus: [{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', source: 'nvidia-smi' }], driverVersion: '580.159.04', highestCuda: '13.0', highestCudaSource: 'nvidia-smi', platform: 'linux', variant: 'runtime', torch: null, ngc: false },
  recommendations: [],
}
const UP: EngineState = {
  kind: 'up',
  checkedAt: 1,
  info: { endpoint: 'unix:///var/run/docker.sock', engine: 'docker', endpointReason: null, serverVersion: '28.0', apiVersion: '1.48', os: 'Ubuntu', runtimes: ['runc'], defaultRuntime: 'runc', nvidiaRuntime: false, cdiSpecDirs: [], cgroupVersion: '2', cgroupDriver: 'systemd', rootless: false, gpuSetup: { os: 'Ubuntu', commands: ['sudo apt-get install -y nvidia-container-toolkit'] } },
}
const DOWN: EngineState = {
  kind: 'down',
  endpoint: 'unix:///var/run/docker.sock',
  problem: { code: 'engine-not-running', failureModeId: null, message: 'not running', fix: 'start it', detail: '' },
  attempt: 1,
  retryInMs: 1000,
  checkedAt: 1,
}
const IMAGES: LocalImage[] = []
const REF = 'pytorch/pytorch:2.14.0-cuda13.0-cudnn9-runtime'

function setup(answers: Partial<Record<InvokeChannel, Answer>>) {
  const f = fakeTransport({ 'recommend:get': ok(RESULT), 'docker:get-engine': ok(UP), 'docker:list-images': ok(IMAGES), ...answers })
  const store = createImagesStore()
  const controller = createImagesController(f.transport, store)
  controller.start()
  return { ...f, store, controller }
}

describe('images controller', () => {
  it('opens once: the recommendation for this machine, the engine and, as it is up, the local images', async () => {
    const s = setup({})
    await s.controller.open()
    await s.controller.open()
    expect(s.callsOf('recommend:get')).toEqual([{ channel: 'recommend:get', args: [] }])
    expect(s.callsOf('docker:list-images')).toHaveLength(1)
    expect(s.store.getState()).toMatchObject({ local: { value: RESULT, loading: false }, engine: { kind: 'up' }, images: { value: [] } })
    await s.controller.open(true)
    expect(s.callsOf('recommend:get')).toHaveLength(2)
  })

  it('with the engine down, shows why and lists no images; when it comes up, lists them', async () => {
    const s = setup({ 'docker:get-engine': ok(DOWN) })
    await s.controller.open()
    expect(s.store.getState().engine?.kind).toBe('down')
    expect(s.callsOf('docker:list-images')).toHaveLength(0)
    expect(s.store.getState().local.value).toEqual(RESULT)
    s.emit('docker:engine-state', UP)
    await flush()
    expect(s.callsOf('docker:list-images')).toHaveLength(1)
    // The same state again lists nothing more.
    s.emit('docker:engine-state', UP)
    await flush()
    expect(s.callsOf('docker:list-images')).toHaveLength(1)
  })

  it('a core that does not answer is an error of its section, not of the page', async () => {
    const s = setup({ 'recommend:get': err('gone'), 'docker:get-engine': err('refused') })
    await s.controller.open()
    expect(s.store.getState()).toMatchObject({ local: { error: { message: 'gone' } }, engineError: { message: 'refused' }, engineChecking: false })
  })

  it('asks for another machine with the form, refuses a typo, and drops an answer overtaken by a newer one', async () => {
    const first = deferred<ReturnType<typeof ok>>()
    let n = 0
    const s = setup({ 'recommend:get': () => (++n === 1 ? first.promise : ok({ ...RESULT, blockers: ['second'] })) })
    await s.controller.askOther()
    expect(s.calls).toHaveLength(0)
    s.store.getState().setForm({ driver: '57' })
    await s.controller.askOther()
    expect(s.store.getState().formError).toBe('driver')
    expect(s.calls).toHaveLength(0)

    s.store.getState().setForm({ driver: '570', smiText: 'nvidia-smi text' })
    const one = s.controller.askOther()
    await flush()
    expect(s.callsOf('recommend:get')[0]?.args).toEqual([{ smiText: 'nvidia-smi text', driver: '570' }])
    await s.controller.askOther()
    first.resolve(ok({ ...RESULT, blockers: ['first'] }))
    await one
    expect(s.store.getState().other.value?.blockers).toEqual(['second'])
    expect(s.store.getState().other.request).toEqual({ smiText: 'nvidia-smi text', driver: '570' })
  })

  it('pulls, feeds progress and done to the store, and lists the images again after a pull', async () => {
    const s = setup({ 'docker:pull-start': ok({ pullId: 'p1' }) })
    await s.controller.open()
    await s.controller.pull(REF)
    expect(s.callsOf('docker:pull-start')[0]?.args).toEqual([{ ref: REF }])
    s.emit('docker:pull-progress', { pullId: 'p1', ref: REF, status: 'Downloading', layers: [], layersDone: 0, bytesDone: 5, bytesTotal: 10, percent: 50 })
    expect(s.store.getState().pulls[REF]?.progress?.percent).toBe(50)
    s.emit('docker:pull-done', { kind: 'done', pullId: 'p1', ref: REF, digest: null, bytesTotal: 10 })
    await flush()
    expect(s.store.getState().pulls[REF]?.phase).toBe('done')
    expect(s.callsOf('docker:list-images')).toHaveLength(2)
  })

  it('cancel pressed before the pull has an id is sent once the id arrives', async () => {
    const start = deferred<ReturnType<typeof ok>>()
    const s = setup({ 'docker:pull-start': () => start.promise, 'docker:pull-cancel': ok({ cancelled: true }) })
    const pulling = s.controller.pull(REF)
    await s.controller.cancelPull(REF)
    expect(s.callsOf('docker:pull-cancel')).toHaveLength(0)
    start.resolve(ok({ pullId: 'p9' }))
    await pulling
    expect(s.callsOf('docker:pull-cancel')[0]?.args).toEqual(['p9'])
    expect(s.store.getState().pulls[REF]?.phase).toBe('cancelling')
  })

  it('a cancel the core does not know ends the pull at once', async () => {
    const s = setup({ 'docker:pull-start': ok({ pullId: 'p1' }), 'docker:pull-cancel': ok({ cancelled: false }) })
    await s.controller.pull(REF)
    await s.controller.cancelPull(REF)
    expect(s.store.getState().pulls[REF]?.phase).toBe('cancelled')
  })

  it('a refused pull keeps the reason', async () => {
    const s = setup({ 'docker:pull-start': err('The Docker engine is not running.') })
    await s.controller.pull(REF)
    expect(s.store.getState().pulls[REF]).toMatchObject({ phase: 'failed', error: { message: 'The Docker engine is not running.' } })
  })

  it('compares the two chosen sides, once at a time', async () => {
    const answer = deferred<ReturnType<typeof ok>>()
    const s = setup({ 'docker:compare': () => answer.promise })
    await s.controller.compare()
    expect(s.callsOf('docker:compare')).toHaveLength(0)
    s.store.getState().setCompareSide('b', ' img:1 ')
    const running = s.controller.compare()
    await s.controller.compare()
    expect(s.callsOf('docker:compare')).toEqual([{ channel: 'docker:compare', args: [{ a: 'host', b: 'img:1' }] }])
    answer.resolve(ok({ a: {}, b: {}, timings: [], notes: [] }))
    await running
    expect(s.store.getState().compare).toMatchObject({ running: false, result: { timings: [] } })
  })

  it('dispose stops listening', () => {
    const s = setup({})
    expect(s.listening()).toBe(4)
    s.controller.dispose()
    expect(s.listening()).toBe(0)
  })

  it('checks the tags of a recommendation for its CPU architecture, keeps the answers by image, and says when the check could not run', async () => {
    const arm = { ...RESULT, input: { ...RESULT.input, cpuArch: 'aarch64' as const }, recommendations: [{ image: 'nvcr.io/nvidia/pytorch:25.09-py3' } as RecommendResult['recommendations'][number]] }
    const answer = [{ image: 'nvcr.io/nvidia/pytorch:25.09-py3', status: 'not-checked' as const, platforms: [], runsHere: null, platform: 'linux/arm64', detail: 'nvcr.io could not be resolved' }]
    const gate = deferred<typeof answer>()
    const s = setup({ 'recommend:check-tags': () => gate.promise.then((v) => ({ ok: true as const, value: v })) })
    const running = s.controller.checkTags(arm)
    expect(s.store.getState().tagChecks.running).toEqual(['nvcr.io/nvidia/pytorch:25.09-py3'])
    gate.resolve(answer)
    await running
    expect(s.callsOf('recommend:check-tags')[0]?.args).toEqual([{ images: ['nvcr.io/nvidia/pytorch:25.09-py3'], cpuArch: 'aarch64' }])
    expect(s.store.getState().tagChecks).toMatchObject({ running: [], error: null, results: { 'nvcr.io/nvidia/pytorch:25.09-py3': { status: 'not-checked' } } })

    const refused = setup({ 'recommend:check-tags': err('no network namespace') })
    await refused.controller.checkTags(arm)
    expect(refused.store.getState().tagChecks).toMatchObject({ running: [], error: { message: 'no network namespace' } })
  })
})
