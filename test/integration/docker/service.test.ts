import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../../src/core/app/service/core-service'
import type { CoreService } from '../../../src/core/app/service/types'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../src/shared/channels'
import type { EventPayload } from '../../../src/shared/contract'
import type { EngineState, LocalImage, PullDone } from '../../../src/shared/docker'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { engine, PULL_REF, PYTHON_IMAGE, requireImage, RUN } from './engine'

let core: CoreService | null = null
afterEach(async () => {
  await core?.dispose()
  core = null
})

const next = <C extends (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS]>(c: CoreService, channel: C, match: (p: EventPayload<C>) => boolean) =>
  new Promise<EventPayload<C>>((resolve) => {
    const off = c.on(channel, (p) => {
      if (!match(p)) return
      off()
      resolve(p)
    })
  })

describe('the Docker channels of the core service (what Electron and serve call)', () => {
  it('an engine that is down is a state with its reason, and listing images an error envelope, not a crash', async () => {
    core = createCoreService({ env: { ...fakeSmiEnv('h200-x1'), DOCKER_HOST: 'unix:///nonexistent.sock' } })
    const state = await core.invoke(INVOKE_CHANNELS.dockerGetEngine, [])
    expect(state).toMatchObject({ ok: true, value: { kind: 'down', problem: { code: 'engine-not-running' } } })
    const images = await core.invoke(INVOKE_CHANNELS.dockerListImages, [])
    expect(images).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/not running/) } })
    expect(await core.invoke(INVOKE_CHANNELS.dockerStartPull, [{ ref: '' }])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })

  it.skipIf(!RUN)('engine state, images, a pull with progress events, and a diagnosis in a container', async () => {
    await requireImage(PYTHON_IMAGE)
    await engine().getImage(PULL_REF).remove({ force: true }).catch(() => undefined)
    core = createCoreService({ env: fakeSmiEnv('h200-x1') })
    const state = (await core.invoke(INVOKE_CHANNELS.dockerGetEngine, [])) as { ok: true; value: EngineState }
    expect(state.value.kind).toBe('up')
    const images = (await core.invoke(INVOKE_CHANNELS.dockerListImages, [])) as { ok: true; value: LocalImage[] }
    expect(images.value.find((i) => i.tags.includes(PYTHON_IMAGE))?.versions.cuda?.value).toBe('12.8.1')

    let progress = 0
    const offProgress = core.on(EVENT_CHANNELS.dockerPullProgress, () => progress++)
    const done = next(core, EVENT_CHANNELS.dockerPullDone, () => true)
    const started = (await core.invoke(INVOKE_CHANNELS.dockerStartPull, [{ ref: PULL_REF }])) as { ok: true; value: { pullId: string } }
    const result = (await done) as PullDone
    offProgress()
    expect(result).toMatchObject({ kind: 'done', pullId: started.value.pullId, ref: PULL_REF })
    expect(progress).toBeGreaterThan(0)
    await engine().getImage(PULL_REF).remove({ force: true })

    const finished = next(core, EVENT_CHANNELS.diagnosisDone, () => true)
    const run = await core.invoke(INVOKE_CHANNELS.startDiagnosis, [{ python: 'python3', steps: ['gpu-visible'], container: { image: PYTHON_IMAGE, gpus: 'all' } }])
    expect(run.ok).toBe(true)
    const d = await finished
    if (d.kind !== 'done') throw new Error(d.message)
    expect(d.diagnosis.steps[0]!.findings[0]!.id).toBe('docker-gpu-support-missing')
  }, 120_000)
})
