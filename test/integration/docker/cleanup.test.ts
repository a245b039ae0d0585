import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { buildProbeContainer } from '../../../src/core/platform/docker/container-spec'
import { runContainer } from '../../../src/core/platform/docker/run-container'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { ENDPOINT, engine, gone, labelled, PYTHON_IMAGE, requireImage, RUN, SLOW_PROBE, spawnCli } from './engine'

const slowSpec = () =>
  buildProbeContainer({ image: PYTHON_IMAGE, probeScript: SLOW_PROBE, probeArgs: [], gpus: 'none', session: randomUUID(), ownerPid: process.pid, ownerHost: hostname() })
const cliEnv = (probe?: string) => fakeSmiEnv('h200-x1', probe ? { GPU_DOCTOR_PROBE: probe } : {})
const DIAGNOSE = ['diagnose', '--image', PYTHON_IMAGE, '--gpus', 'none', '--steps', 'gpu-visible']

describe.skipIf(!RUN)('no probe container is left behind', () => {
  it('after a normal run', async () => {
    await requireImage(PYTHON_IMAGE)
    const spec = buildProbeContainer({ image: PYTHON_IMAGE, probeScript: SLOW_PROBE, probeArgs: [], gpus: 'none', python: 'true', session: randomUUID(), ownerPid: process.pid, ownerHost: hostname() })
    const r = await runContainer(engine(), spec, { endpoint: ENDPOINT, timeoutMs: 60_000 })
    expect(r).toMatchObject({ exitCode: 0, removed: true, cancelled: false, timedOut: false, problem: null })
    expect(await gone(r.containerId!)).toBe(true)
  })

  it('after a cancel mid-run, with the probe’s progress streamed before it', async () => {
    await requireImage(PYTHON_IMAGE)
    const ac = new AbortController()
    const lines: string[] = []
    const r = await runContainer(engine(), slowSpec(), {
      endpoint: ENDPOINT,
      timeoutMs: 120_000,
      signal: ac.signal,
      onStderrLine: (line) => {
        lines.push(line)
        if (/slow probe: sleeping/.test(line)) ac.abort()
      },
    })
    expect(lines[0]).toMatch(/^GPU_DOCTOR_PROGRESS \{"stage": "import-torch"/)
    expect(r).toMatchObject({ cancelled: true, removed: true, exitCode: null })
    expect(await gone(r.containerId!)).toBe(true)
  })

  it('after a timeout', async () => {
    const r = await runContainer(engine(), slowSpec(), { endpoint: ENDPOINT, timeoutMs: 5_000 })
    expect(r).toMatchObject({ timedOut: true, removed: true })
    expect(await gone(r.containerId!)).toBe(true)
  })

  it('after Ctrl-C in gpu-doctor diagnose --image', async () => {
    await requireImage(PYTHON_IMAGE)
    const run = spawnCli(DIAGNOSE, cliEnv(SLOW_PROBE))
    await run.waitFor(/container started/, 60_000)
    expect(await labelled(`gpu-doctor.pid=${run.child.pid}`)).toHaveLength(1)
    run.child.kill('SIGINT')
    expect(await run.exited).toBe(130)
    expect(run.out()).toMatch(/container removed/)
    expect(await labelled(`gpu-doctor.pid=${run.child.pid}`)).toEqual([])
  })

  it('after the CLI is killed (SIGKILL mid-run): the next start sweeps the leftover', async () => {
    await requireImage(PYTHON_IMAGE)
    const killed = spawnCli(DIAGNOSE, cliEnv(SLOW_PROBE))
    await killed.waitFor(/container started/, 60_000)
    killed.child.kill('SIGKILL')
    await killed.exited
    const left = await labelled(`gpu-doctor.pid=${killed.child.pid}`)
    expect(left).toHaveLength(1)
    expect(left[0]!.State).toBe('running')

    const next = spawnCli(DIAGNOSE, cliEnv())
    const code = await next.exited
    expect(next.out()).toMatch(/Removed [1-9]\d* containers? left behind by an earlier GPU Doctor run/)
    // The real probe in an image without torch: step 1 fails, and its own container is gone too.
    expect(code).toBe(1)
    expect(await labelled(`gpu-doctor.pid=${killed.child.pid}`)).toEqual([])
    expect(await labelled(`gpu-doctor.pid=${next.child.pid}`)).toEqual([])
  })
}, 180_000)
