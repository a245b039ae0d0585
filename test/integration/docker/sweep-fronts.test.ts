import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import { describe, expect, it } from 'vitest'

import { buildProbeContainer } from '../../../src/core/platform/docker/container-spec'
import { createCoreService } from '../../../src/core/app/service/core-service'
import { runBuiltCli } from '../../helpers/cli'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { engine, gone, PYTHON_IMAGE, requireImage, RUN, SLOW_PROBE } from './engine'

/** A PID that surely belongs to no process any more. */
function deadPid(): number {
  return Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim())
}

/** A running labelled container whose gpu-doctor was killed: what a kill -9 mid-run leaves. */
async function leftover(): Promise<string> {
  await requireImage(PYTHON_IMAGE)
  const spec = buildProbeContainer({ image: PYTHON_IMAGE, probeScript: SLOW_PROBE, probeArgs: [], gpus: 'none', session: randomUUID(), ownerPid: deadPid(), ownerHost: hostname() })
  const container = await engine().createContainer(spec)
  await container.start()
  return container.id
}

// The vitest env turns sweeping off (GPU_DOCTOR_NO_SWEEP=1) so that no test removes another's leftover; these turn it on.
const SWEEP_ON = { GPU_DOCTOR_NO_SWEEP: '0' }

describe.skipIf(!RUN)('labelled leftovers of a killed run are swept as documented', () => {
  it('by gpu-doctor images', async () => {
    const id = await leftover()
    const r = await runBuiltCli(['images'], fakeSmiEnv('h200-x1', SWEEP_ON), { timeoutMs: 60_000 })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/Removed [1-9]\d* containers? left behind by an earlier GPU Doctor run/)
    expect(await gone(id)).toBe(true)
  }, 120_000)

  it('by gpu-doctor status, which still prints the GPUs', async () => {
    const id = await leftover()
    const r = await runBuiltCli(['status'], fakeSmiEnv('h200-x1', SWEEP_ON), { timeoutMs: 60_000 })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('NVIDIA H200')
    expect(await gone(id)).toBe(true)
  }, 120_000)

  it('when serve or the app starts (the core service) and when it quits', async () => {
    const atStart = await leftover()
    const core = createCoreService({ env: { ...process.env, ...SWEEP_ON } })
    expect(await gone(atStart, 30_000)).toBe(true)
    const whileRunning = await leftover()
    await core.dispose()
    expect(await gone(whileRunning, 5_000)).toBe(true)
  }, 120_000)
})
