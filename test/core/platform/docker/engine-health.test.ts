import { describe, expect, it } from 'vitest'

import type { Connection } from '../../../../src/core/platform/docker/connect'
import { backoffDelay, EngineHealth } from '../../../../src/core/platform/docker/engine-health'
import type { EngineInfo, EngineState } from '../../../../src/shared/docker'

const info: EngineInfo = {
  endpoint: 'unix:///var/run/docker.sock',
  engine: 'docker',
  endpointReason: null,
  serverVersion: '27.3.1',
  apiVersion: '1.47',
  os: 'Ubuntu 24.04',
  runtimes: ['nvidia', 'runc'],
  defaultRuntime: 'runc',
  nvidiaRuntime: true,
  cdiSpecDirs: [],
  cgroupVersion: '2',
  cgroupDriver: 'systemd',
  rootless: false,
  gpuSetup: null,
}
const down: Connection = {
  ok: false,
  endpoint: 'unix:///var/run/docker.sock',
  problem: { code: 'engine-not-running', failureModeId: null, message: 'not running', fix: 'start it', detail: 'ENOENT' },
}
const up = { ok: true, docker: {}, endpoint: { kind: 'unix', socketPath: '/var/run/docker.sock' }, info } as unknown as Connection

/** A health machine whose pings answer from a script, one entry per ping. */
function scripted(answers: Connection[]) {
  const health = new EngineHealth({ connect: async () => answers.shift() ?? up, retryMs: 1_000, maxRetryMs: 8_000 })
  const seen: EngineState[] = []
  health.on('state', (s) => seen.push(s))
  return { health, seen }
}

describe('EngineHealth', () => {
  it('goes down with the explanation, backs off while it stays down, and comes back up', async () => {
    const { health, seen } = scripted([down, down, down, up])
    expect(health.state.kind).toBe('unknown')
    expect(health.client).toBeNull()
    const first = await health.check()
    expect(first).toMatchObject({ kind: 'down', attempt: 1, retryInMs: 1_000, problem: { code: 'engine-not-running' } })
    expect((await health.check()) as { retryInMs: number }).toMatchObject({ attempt: 2, retryInMs: 2_000 })
    expect((await health.check()) as { retryInMs: number }).toMatchObject({ attempt: 3, retryInMs: 4_000 })
    expect((await health.check()).kind).toBe('up')
    expect(health.client).not.toBeNull()
    // Only changes are emitted: down once (same reason three times), then up.
    expect(seen.map((s) => s.kind)).toEqual(['down', 'up'])
  })

  it('joins a ping already under way', async () => {
    let calls = 0
    const health = new EngineHealth({ connect: async () => (calls++, up) })
    await Promise.all([health.check(), health.check(), health.check()])
    expect(calls).toBe(1)
  })
})

describe('backoffDelay', () => {
  it('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000])
  })
})
