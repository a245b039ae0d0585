import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { GpuMonitor } from '../../../../src/core/platform/nvidia-smi/monitor'
import type { MonitorSample, MonitorState } from '../../../../src/shared/gpu'
import { fakeSmiEnv, isAlive } from '../../../helpers/fake-smi'

const monitors: GpuMonitor[] = []
afterEach(async () => {
  await Promise.all(monitors.splice(0).map((m) => m.stop()))
})

function collect(monitor: GpuMonitor) {
  const samples: MonitorSample[] = []
  const states: MonitorState[] = []
  monitor.on('sample', (s) => samples.push(s))
  monitor.on('state', (s) => states.push(s))
  monitors.push(monitor)
  return { samples, states }
}

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

function spawnLog(): { env: NodeJS.ProcessEnv; starts: () => string[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'gd-mon-')), 'log')
  return {
    env: { FAKE_SMI_LOG: file },
    starts: () => {
      try {
        return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean)
      } catch {
        return []
      }
    },
  }
}

describe('GpuMonitor', () => {
  it('streams samples from ONE nvidia-smi process, with values that change', async () => {
    const log = spawnLog()
    const monitor = new GpuMonitor({ intervalMs: 100, env: fakeSmiEnv('h200-x1', log.env as Record<string, string>) })
    const { samples } = collect(monitor)
    monitor.start()
    await until(() => samples.length >= 12)
    expect(log.starts()).toHaveLength(1)
    expect(samples[0]!.gpus[0]).toMatchObject({ index: 0, memoryTotalMiB: 143771, powerLimitW: 700 })
    const utils = new Set(samples.map((s) => s.gpus[0]!.utilizationGpu))
    expect(utils.size).toBeGreaterThan(1)
  })

  it('groups the rows of one tick into one sample per tick on a two-GPU box', async () => {
    const monitor = new GpuMonitor({ intervalMs: 200, env: fakeSmiEnv('h200-x2') })
    const { samples } = collect(monitor)
    monitor.start()
    await until(() => samples.length >= 3)
    for (const s of samples) expect(s.gpus.map((g) => g.index)).toEqual([0, 1])
  })

  it('restarts with backoff when nvidia-smi dies, and keeps sampling', async () => {
    const log = spawnLog()
    const monitor = new GpuMonitor({ intervalMs: 100, initialBackoffMs: 50, env: fakeSmiEnv('h200-x1', { FAKE_SMI_DIE_AFTER: '3', ...(log.env as Record<string, string>) }) })
    const { samples, states } = collect(monitor)
    monitor.start()
    await until(() => samples.length >= 7)
    expect(states.some((s) => s.kind === 'restarting')).toBe(true)
    expect(log.starts().length).toBeGreaterThanOrEqual(2)
  })

  it('gives up with an explained failure when the driver is not loaded', async () => {
    const monitor = new GpuMonitor({ intervalMs: 100, initialBackoffMs: 10, maxAttempts: 2, env: fakeSmiEnv('missing-driver') })
    const { states } = collect(monitor)
    monitor.start()
    await until(() => states.some((s) => s.kind === 'failed'))
    const failed = states.find((s) => s.kind === 'failed')
    expect(failed?.kind === 'failed' && failed.problem.failureModeId).toBe('driver-not-loaded')
  })

  it('leaves no nvidia-smi running after stop', async () => {
    const monitor = new GpuMonitor({ intervalMs: 100, env: fakeSmiEnv('h200-x1') })
    const { samples } = collect(monitor)
    monitor.start()
    await until(() => samples.length >= 1)
    const pid = monitor.pid!
    expect(isAlive(pid)).toBe(true)
    await monitor.stop()
    expect(isAlive(pid)).toBe(false)
    expect(monitor.state.kind).toBe('stopped')
  })

  it('keeps nothing alive after stop, even for a line printed while stopping (the CLI exits at once)', async () => {
    // An nvidia-smi that flushes one more line when told to stop, as a real one may.
    const dir = mkdtempSync(join(tmpdir(), 'gd-smi-late-'))
    const smi = join(dir, 'nvidia-smi')
    writeFileSync(
      smi,
      `#!/usr/bin/env node
const tick = setInterval(() => process.stdout.write('0, 50\\n'), 20)
process.on('SIGTERM', () => { clearInterval(tick); process.stdout.write('0, 51\\n'); setTimeout(() => process.exit(0), 80) })
`,
    )
    chmodSync(smi, 0o755)
    const monitor = new GpuMonitor({ intervalMs: 20, nvidiaSmiPath: smi })
    collect(monitor)
    monitor.start()
    await new Promise((r) => setTimeout(r, 300))
    await monitor.stop()
    await new Promise((r) => setTimeout(r, 30))
    // A watchdog armed for that late line kept `gpu-doctor diagnose` alive 10 s after its result.
    const watchdog = (monitor as unknown as { stallTimer: NodeJS.Timeout | null }).stallTimer
    expect(watchdog === null || !watchdog.hasRef()).toBe(true)
  })
})
