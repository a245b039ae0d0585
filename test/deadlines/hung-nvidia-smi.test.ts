import { afterEach, describe, expect, it } from 'vitest'

import { GpuMonitor } from '../../src/core/platform/nvidia-smi/monitor'
import type { MonitorState } from '../../src/shared/gpu'
import { fakeSmiEnv, isAlive } from '../helpers/fake-smi'

const monitors: GpuMonitor[] = []
afterEach(async () => {
  await Promise.all(monitors.splice(0).map((m) => m.stop()))
})

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('an nvidia-smi that hangs mid-stream (two samples, then silence)', () => {
  it('is killed at the stall deadline and restarted, with the hang said as such', async () => {
    const monitor = new GpuMonitor({ intervalMs: 100, stallMs: 800, initialBackoffMs: 50, env: fakeSmiEnv('h200-x1', { FAKE_SMI_STALL_AFTER: '2' }) })
    monitors.push(monitor)
    const states: Array<MonitorState & { at: number }> = []
    let samples = 0
    monitor.on('state', (s) => states.push({ ...s, at: Date.now() }))
    monitor.on('sample', () => samples++)
    const started = Date.now()
    monitor.start()
    await until(() => samples >= 1, 5_000)
    const hung = monitor.pid!
    await until(() => states.some((s) => s.kind === 'restarting'), 5_000)
    const restarting = states.find((s) => s.kind === 'restarting')!
    expect(restarting).toMatchObject({ problem: { code: 'timeout', detail: expect.stringMatching(/printed nothing for 0\.8 s \(hung\); killed and restarted/) } })
    // Two samples at 100 ms, then 0.8 s of silence: well within 2 s of the start on an idle machine.
    expect(restarting.at - started).toBeLessThan(6_000)
    expect(isAlive(hung)).toBe(false)
    // The new stream samples again (and hangs again: the fake does the same each time).
    const before = samples
    await until(() => samples > before, 5_000)
  })

  it('stop() while it hangs ends it at once', async () => {
    const monitor = new GpuMonitor({ intervalMs: 100, stallMs: 60_000, env: fakeSmiEnv('h200-x1', { FAKE_SMI_STALL_AFTER: '1' }) })
    let samples = 0
    monitor.on('sample', () => samples++)
    monitor.start()
    await until(() => samples >= 1, 5_000)
    await new Promise((r) => setTimeout(r, 300))
    const pid = monitor.pid!
    const started = Date.now()
    expect(await monitor.stop()).toEqual({ kind: 'stopped' })
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(isAlive(pid)).toBe(false)
  })
})
