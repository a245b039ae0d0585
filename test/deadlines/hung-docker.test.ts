import { spawn } from 'node:child_process'

import { afterEach, describe, expect, it } from 'vitest'

import { connectEngine } from '../../src/core/platform/docker/connect'
import { prepareContainerTarget } from '../../src/core/domain/container/container-target'
import { createDockerClient, resolveEndpoint } from '../../src/core/platform/docker/endpoint'
import { listLocalImages } from '../../src/core/domain/container/local-images'
import { pullImage } from '../../src/core/platform/docker/pull-image'
import { CLI, runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { hangingEngine, type HangingEngine } from '../helpers/hanging-docker'

const engines: HangingEngine[] = []
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()))
})
async function engine(kind: 'silent' | 'after-ping'): Promise<HangingEngine> {
  const e = await hangingEngine(kind)
  engines.push(e)
  return e
}
const client = (e: HangingEngine) => createDockerClient(resolveEndpoint(e.env), e.env)
const NO_DRIVER = { driverVersion: null, cudaVersion: null }

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now()
  const value = await work
  return { value, ms: Date.now() - started }
}

describe('a Docker socket that accepts and never replies', () => {
  it('connecting ends at its 3 s deadline, naming the socket', async () => {
    const e = await engine('silent')
    const { value, ms } = await timed(connectEngine(e.env))
    expect(value).toMatchObject({ ok: false, problem: { code: 'timeout', message: `The Docker engine at unix://${e.socketPath} did not answer in time.` } })
    expect(ms).toBeGreaterThanOrEqual(2_900)
    expect(ms).toBeLessThan(10_000) // 3 s, with room for a loaded 2-core machine
  })

  it('images, pull and diagnose --image exit 3 with that explanation well before any hang (run side by side)', async () => {
    const e = await engine('silent')
    const env = fakeSmiEnv('h200-x1', e.env)
    const runs = await Promise.all(
      [['images'], ['pull', 'debian:bookworm'], ['diagnose', '--image', 'debian:bookworm', '--steps', 'gpu-visible', '--no-save']].map((args) => timed(runBuiltCli(args, env, { timeoutMs: 20_000 }))),
    )
    for (const { value, ms } of runs) {
      expect(value.code).toBe(3)
      expect(value.stderr).toContain('did not answer in time')
      expect(ms).toBeLessThan(15_000)
    }
  })
})

describe('an engine that answers its ping, then hangs on every other call', () => {
  it('a pull that gets no byte is abandoned at its stall deadline; a cancel ends it at once', async () => {
    const e = await engine('after-ping')
    const stalled = await timed(pullImage(client(e), 'debian:bookworm', { endpoint: 'test', stallMs: 1_000 }))
    expect(stalled.value).toMatchObject({ ok: false, problem: { code: 'timeout', message: 'The pull made no progress for 1 s: the engine or the registry stalled.' } })
    expect(stalled.ms).toBeGreaterThanOrEqual(950)
    expect(stalled.ms).toBeLessThan(6_000)
    expect(e.requests).toContain('POST /images/create')
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 300)
    const cancelled = await timed(pullImage(client(e), 'debian:bookworm', { endpoint: 'test', signal: ac.signal }))
    expect(cancelled.value).toMatchObject({ ok: false, problem: { code: 'cancelled' } })
    expect(cancelled.ms).toBeLessThan(5_000)
  })

  it('listing images ends at its 10 s deadline as a timeout; a cancel ends it at once', async () => {
    const e = await engine('after-ping')
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 300)
    const cancelled = await timed(listLocalImages(client(e), NO_DRIVER, ac.signal).catch((error: Error) => error))
    expect(cancelled.value).toBeInstanceOf(Error)
    expect(cancelled.ms).toBeLessThan(5_000)
    const r = await timed(runBuiltCli(['images'], fakeSmiEnv('h200-x1', e.env), { timeoutMs: 30_000 }))
    expect(r.value.code).toBe(3)
    expect(r.value.stderr).toContain(`The Docker engine at unix://${e.socketPath} did not answer in time.`)
    expect(r.ms).toBeGreaterThanOrEqual(9_500)
    expect(r.ms).toBeLessThan(20_000)
  }, 30_000)

  it('preparing diagnose --image ends when cancelled, and Ctrl-C ends the CLI with 130', async () => {
    const e = await engine('after-ping')
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 300)
    const prepared = await timed(prepareContainerTarget({ env: e.env, image: 'debian:bookworm', gpus: 'none', signal: ac.signal }))
    expect(prepared.value.ok).toBe(false)
    expect(prepared.ms).toBeLessThan(5_000)

    const child = spawn(process.execPath, [CLI, 'diagnose', '--image', 'debian:bookworm', '--gpus', 'none', '--steps', 'gpu-visible', '--no-save'], { env: fakeSmiEnv('h200-x1', e.env), stdio: 'ignore' })
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    await new Promise((r) => setTimeout(r, 1_500))
    const interruptedAt = Date.now()
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(Date.now() - interruptedAt).toBeLessThan(5_000)
  })
})
