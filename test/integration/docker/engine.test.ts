import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { connectEngine } from '../../../src/core/platform/docker/connect'
import { EngineHealth } from '../../../src/core/platform/docker/engine-health'
import type { EngineState } from '../../../src/shared/docker'
import { engine, RUN, spawnCli } from './engine'

describe.skipIf(!RUN)('a real Docker engine', () => {
  it('answers, with its version, runtimes (no nvidia here), cgroup version', async () => {
    engine()
    const c = await connectEngine(process.env)
    if (!c.ok) throw new Error(c.problem.message)
    expect(c.info.serverVersion).toMatch(/^\d+\.\d+/)
    expect(c.info.runtimes).toContain('runc')
    expect(c.info.nvidiaRuntime).toBe(false)
    expect(['1', '2']).toContain(c.info.cgroupVersion)
  })

  it('the health state machine reports it up, then down with the reason for a socket that is not there', async () => {
    const up = new EngineHealth({ env: process.env })
    expect((await up.check()).kind).toBe('up')
    const down = new EngineHealth({ env: { DOCKER_HOST: 'unix:///nonexistent.sock' } })
    const seen: EngineState[] = []
    down.on('state', (s) => seen.push(s))
    const state = await down.check()
    expect(state).toMatchObject({ kind: 'down', problem: { code: 'engine-not-running' }, attempt: 1 })
    expect(seen).toHaveLength(1)
  })
})

// These need no engine at all: they run everywhere.
describe('an engine that is not there', () => {
  it('DOCKER_HOST=unix:///nonexistent.sock: "not running", naming the socket, at once', async () => {
    const started = Date.now()
    const c = await connectEngine({ DOCKER_HOST: 'unix:///nonexistent.sock' })
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(c.ok).toBe(false)
    if (c.ok) return
    expect(c.problem.code).toBe('engine-not-running')
    expect(c.problem.message).toBe('The Docker engine is not running: nothing at unix:///nonexistent.sock.')
    expect(c.problem.fix).toMatch(/systemctl start docker/)
  })

  it('a socket file nobody listens on: connection refused', async () => {
    const sock = join(mkdtempSync(join(tmpdir(), 'gd-sock-')), 'docker.sock')
    // Listen and exit without closing: a stale socket file, as a crashed engine leaves it.
    execFileSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(sock)}, () => process.exit(0))`])
    const c = await connectEngine({ DOCKER_HOST: `unix://${sock}` })
    expect(c.ok ? 'up' : c.problem.code).toBe('connection-refused')
  })

  it('the CLI explains it and exits 3 quickly', async () => {
    const started = Date.now()
    const run = spawnCli(['images'], { DOCKER_HOST: 'unix:///nonexistent.sock' })
    expect(await run.exited).toBe(3)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(run.err()).toMatch(/The Docker engine is not running: nothing at unix:\/\/\/nonexistent\.sock\./)
    expect(run.err()).toMatch(/Fix: Start it/)
  })
})
