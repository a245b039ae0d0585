import { spawn } from 'node:child_process'

import { afterEach, describe, expect, it } from 'vitest'

import { connectEngine, CONNECT_TIMEOUT_MS } from '../../src/core/platform/docker/connect'
import { prepareContainerTarget } from '../../src/core/domain/container/container-target'
import { createDockerClient, resolveEndpoint } from '../../src/core/platform/docker/endpoint'
import { listLocalImages } from '../../src/core/domain/container/local-images'
import { PULL_STALL_MS, pullImage } from '../../src/core/platform/docker/pull-image'
import { CLI } from '../helpers/cli'
import { runCliHere } from '../helpers/cli-here'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { hangingEngine, type HangingEngine } from '../helpers/hanging-docker'
import { settle, TestClock } from '../helpers/test-clock'

// The engines here accept and never answer; the deadlines that end the wait run on a test clock the
// test moves itself, so a 10 s deadline takes no real time and is shown to hold to the millisecond.
// Two short runs keep the real wiring honest: the real clock's deadline, and Ctrl-C on the bundled CLI.
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
/** Requests the after-ping engine answers: what is left is a call it hangs on. */
const ANSWERED = new Set(['GET /_ping', 'HEAD /_ping', 'GET /version', 'GET /info'])
const hangingOn = (path: string) => (requests: string[]) => requests.some((r) => r.endsWith(path))

/** A promise with whether it has settled yet. */
function watched<T>(work: Promise<T>): { work: Promise<T>; settled: () => boolean } {
  let settled = false
  void work.then(
    () => (settled = true),
    () => (settled = true),
  )
  return { work, settled: () => settled }
}

/** Moves `clock` to a millisecond before `deadlineMs`: nothing may end yet; then onto it. */
async function upToDeadline(clock: TestClock, deadlineMs: number, pending: Array<() => boolean>): Promise<void> {
  await clock.advance(deadlineMs - 1 - clock.now())
  await settle(20)
  expect(pending.map((settled) => settled())).toEqual(pending.map(() => false))
  await clock.advance(1)
}

describe('a Docker socket that accepts and never replies', () => {
  it('connecting ends at its deadline, naming the socket', async () => {
    const e = await engine('silent')
    const clock = new TestClock()
    const connecting = watched(connectEngine(e.env, CONNECT_TIMEOUT_MS, clock))
    await e.until((r) => r.includes('(connection)'))
    await upToDeadline(clock, CONNECT_TIMEOUT_MS, [connecting.settled])
    expect(await connecting.work).toMatchObject({ ok: false, problem: { code: 'timeout', message: `The Docker engine at unix://${e.socketPath} did not answer in time.` } })
  })

  it('on the real clock unless handed one: a short deadline ends it in about that time', async () => {
    const e = await engine('silent')
    const started = performance.now()
    expect(await connectEngine(e.env, 300)).toMatchObject({ ok: false, problem: { code: 'timeout' } })
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('images, pull and diagnose --image exit 3 with that explanation at the connect deadline, not later (run side by side)', async () => {
    const e = await engine('silent')
    const env = fakeSmiEnv('h200-x1', e.env)
    const clock = new TestClock()
    const runs = [['images'], ['pull', 'debian:bookworm'], ['diagnose', '--image', 'debian:bookworm', '--steps', 'gpu-visible', '--no-save']].map((args) => watched(runCliHere(args, env, { clock })))
    await e.until((r) => r.filter((x) => x === '(connection)').length >= 3)
    await upToDeadline(clock, CONNECT_TIMEOUT_MS, runs.map((r) => r.settled))
    for (const run of runs) {
      const r = await run.work
      expect(r.code, r.stderr).toBe(3)
      expect(r.stderr).toContain(`The Docker engine at unix://${e.socketPath} did not answer in time`)
    }
  })
})

describe('an engine that answers its ping, then hangs on every other call', () => {
  it('a pull that gets no byte is abandoned at its stall deadline (60 s unless told); a cancel ends it at once', async () => {
    const e = await engine('after-ping')
    const clock = new TestClock()
    const told = watched(pullImage(client(e), 'debian:bookworm', { endpoint: 'test', stallMs: 1_000, clock }))
    const byDefault = watched(pullImage(client(e), 'debian:bookworm', { endpoint: 'test', clock }))
    await e.until((r) => r.filter((x) => x === 'POST /images/create').length === 2)
    await upToDeadline(clock, 1_000, [told.settled])
    expect(await told.work).toMatchObject({ ok: false, problem: { code: 'timeout', message: 'The pull made no progress for 1 s: the engine or the registry stalled.' } })
    await upToDeadline(clock, PULL_STALL_MS, [byDefault.settled])
    expect(await byDefault.work).toMatchObject({ ok: false, problem: { code: 'timeout', message: 'The pull made no progress for 60 s: the engine or the registry stalled.' } })

    const ac = new AbortController()
    const before = clock.now()
    const cancelled = pullImage(client(e), 'debian:bookworm', { endpoint: 'test', signal: ac.signal, clock })
    await e.until((r) => r.filter((x) => x === 'POST /images/create').length === 3)
    ac.abort()
    expect(await cancelled).toMatchObject({ ok: false, problem: { code: 'cancelled' } })
    expect(clock.now()).toBe(before)
  })

  it('listing images ends at its 10 s deadline as a timeout, and `images` says so (exit 3); a cancel ends it at once', async () => {
    const e = await engine('after-ping')
    const clock = new TestClock()
    const ac = new AbortController()
    const cancelled = listLocalImages(client(e), NO_DRIVER, ac.signal, clock).catch((error: Error) => error)
    await e.until(hangingOn('/images/json'))
    ac.abort()
    expect(await cancelled).toBeInstanceOf(Error)
    expect(clock.now()).toBe(0)

    const listing = e.requests.filter((r) => r === 'GET /images/json').length
    const run = watched(runCliHere(['images'], fakeSmiEnv('h200-x1', e.env), { clock }))
    await e.until((r) => r.filter((x) => x === 'GET /images/json').length > listing)
    await upToDeadline(clock, 10_000, [run.settled])
    const r = await run.work
    expect(r.code, r.stderr).toBe(3)
    expect(r.stderr).toContain(`The Docker engine at unix://${e.socketPath} did not answer in time.`)
  })

  it('preparing diagnose --image ends when cancelled, and Ctrl-C ends the bundled CLI with 130', async () => {
    const e = await engine('after-ping')
    const clock = new TestClock()
    const ac = new AbortController()
    const prepared = prepareContainerTarget({ env: e.env, image: 'debian:bookworm', gpus: 'none', signal: ac.signal, clock })
    await e.until((r) => r.some((x) => !ANSWERED.has(x)))
    ac.abort()
    expect((await prepared).ok).toBe(false)
    expect(clock.now()).toBe(0)

    const answered = e.requests.length
    const child = spawn(process.execPath, [CLI, 'diagnose', '--image', 'debian:bookworm', '--gpus', 'none', '--steps', 'gpu-visible', '--no-save'], { env: fakeSmiEnv('h200-x1', e.env), stdio: 'ignore' })
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    // Interrupted once it hangs on a call the engine never answers.
    await e.until((r) => r.slice(answered).some((x) => !ANSWERED.has(x)))
    const interruptedAt = performance.now()
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(performance.now() - interruptedAt).toBeLessThan(5_000)
  })
})
