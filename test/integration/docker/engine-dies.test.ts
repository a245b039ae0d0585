import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MANAGED_LABEL } from '../../../src/core/platform/docker/container-spec'
import { pullImage } from '../../../src/core/platform/docker/pull-image'
import { withSignals } from '../../../src/core/platform/docker/with-signals'
import { runBuiltCli } from '../../helpers/cli'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { stallingRegistry } from '../../helpers/stalling-registry'
import { PYTHON_IMAGE, requireImage, RUN, SLOW_PROBE, spawnCli } from './engine'
import { copyImage, startThrowawayEngine, type ThrowawayEngine } from './throwaway-engine'

const AS_ROOT = process.getuid?.() === 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.skipIf(!RUN || !AS_ROOT)('a Docker engine that dies mid-pull and mid-diagnosis (a throwaway dockerd, SIGKILLed)', () => {
  let engine: ThrowawayEngine
  beforeAll(async () => {
    await requireImage(PYTHON_IMAGE)
    engine = await startThrowawayEngine()
  }, 90_000)
  afterAll(async () => {
    await engine?.destroy()
  }, 60_000)

  const labelled = () => withSignals(engine.docker).listContainers({ all: true, filters: { label: [`${MANAGED_LABEL}=true`] }, abortSignal: AbortSignal.timeout(10_000) })

  it('mid-pull: the pull ends at once with a clear error, not at its stall deadline', async () => {
    const registry = await stallingRegistry()
    try {
      const pending = pullImage(engine.docker, registry.ref, { endpoint: engine.env.DOCKER_HOST, stallMs: 60_000 })
      const until = Date.now() + 20_000
      while (!registry.requests.some((q) => q.startsWith('GET /v2/gd-test/stall/blobs/')) && Date.now() < until) await sleep(50)
      await sleep(500)
      const killedAt = Date.now()
      await engine.kill()
      const r = await pending
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.problem.message).toMatch(/The pull ended before the image was complete \(the connection to the engine closed\)|did not answer|is not running/)
      expect(Date.now() - killedAt).toBeLessThan(8_000)
    } finally {
      await registry.close()
      await engine.start()
    }
  }, 90_000)

  it('mid-diagnosis: diagnose --image says the engine stopped answering within seconds; once it is back, no labelled container is left after the sweep', async () => {
    copyImage(PYTHON_IMAGE, engine)
    const env = fakeSmiEnv('h200-x1', { ...engine.env, GPU_DOCTOR_PROBE: SLOW_PROBE })
    const run = spawnCli(['diagnose', '--image', PYTHON_IMAGE, '--gpus', 'none', '--steps', 'gpu-visible', '--no-save'], env)
    await run.waitFor(/container started/, 120_000)
    const killedAt = Date.now()
    await engine.kill()
    const code = await run.exited
    expect(Date.now() - killedAt).toBeLessThan(20_000)
    expect(code).toBe(1)
    expect(run.out()).toContain(`The Docker engine at ${engine.env.DOCKER_HOST} stopped answering during the run`)

    await engine.start()
    // Back up, the engine still holds the killed run's container (stopped by its restart).
    expect((await labelled()).length).toBeGreaterThanOrEqual(1)
    const sweep = await runBuiltCli(['images'], fakeSmiEnv('h200-x1', { ...engine.env, GPU_DOCTOR_NO_SWEEP: '0' }), { timeoutMs: 120_000 })
    expect(sweep.code).toBe(0)
    expect(sweep.stderr).toMatch(/Removed [1-9]\d* containers? left behind/)
    expect(await labelled()).toEqual([])
  }, 240_000)
})
