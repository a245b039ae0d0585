import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { CLI } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { livingInGroup, type ProcessInfo } from '../helpers/process-group'
import { TORCH_PYTHON } from '../helpers/pythons'

// The real probe, made to hang in `import torch` by a stand-in torch first on PYTHONPATH.
const STALLING_TORCH = fileURLToPath(new URL('../helpers/stalling-torch', import.meta.url))
type Stall = 'sleep' | 'spin' | 'gil'

interface KillOutcome {
  stall: Stall
  delayMs: number
  /** The CLI's children alive the moment it was killed (probe, nvidia-smi stream…). */
  childrenAtKill: ProcessInfo[]
  probeStalled: boolean
  /** What of its process group still lives 2 s after the kill. */
  leftAfter2s: ProcessInfo[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts `gpu-doctor diagnose` in its own process group, kills it with SIGKILL after `delayMs`
 * (counted from the probe's stall when `afterStall`), and lists what of the group lives 2 s later.
 */
async function killDiagnose(stall: Stall, delayMs: number, afterStall: boolean, extraEnv: Record<string, string> = {}): Promise<KillOutcome> {
  const scratch = mkdtempSync(join(tmpdir(), 'gd-orphan-'))
  const env = fakeSmiEnv('h200-x1', {
    PYTHONPATH: STALLING_TORCH,
    FAKE_TORCH_STALL: stall,
    FAKE_TORCH_PID_DIR: scratch,
    // Its own data folder: these runs must not queue behind each other's diagnosis lock.
    GPU_DOCTOR_DATA_DIR: join(scratch, 'data'),
    ...extraEnv,
  })
  const cli = spawn(process.execPath, [CLI, 'diagnose', '--python', TORCH_PYTHON, '--no-save'], { env, detached: true, stdio: 'ignore' })
  const pid = cli.pid!
  const exited = new Promise<void>((resolve) => cli.on('exit', () => resolve()))
  const stalled = () => readdirSync(scratch).some((f) => /^\d+$/.test(f))
  if (afterStall) {
    const until = Date.now() + 20_000
    while (!stalled() && Date.now() < until) await sleep(25)
  }
  await sleep(delayMs)
  const childrenAtKill = livingInGroup(pid).filter((p) => p.pid !== pid)
  const probeStalled = stalled()
  process.kill(pid, 'SIGKILL')
  await exited
  await sleep(2000)
  const leftAfter2s = livingInGroup(pid)
  // Never leave anything behind for the next test, whatever this one finds.
  for (const p of leftAfter2s) process.kill(p.pid, 'SIGKILL')
  return { stall, delayMs, childrenAtKill, probeStalled, leftAfter2s }
}

async function inBatches<T>(jobs: Array<() => Promise<T>>, size: number): Promise<T[]> {
  const results: T[] = []
  for (let i = 0; i < jobs.length; i += size) results.push(...(await Promise.all(jobs.slice(i, i + size).map((job) => job()))))
  return results
}

const STALLS: Stall[] = ['sleep', 'spin', 'gil']

describe.skipIf(process.platform !== 'linux' || !existsSync(CLI))('nothing outlives a killed gpu-doctor diagnose', () => {
  it('20 SIGKILLs at random moments, the probe asleep, spinning or holding the GIL: no child 2 s later', async () => {
    // Half at a random moment of the whole run (start-up, nvidia-smi, interpreter check, probe),
    // half at a random moment after the probe hung in `import torch`.
    const jobs = Array.from({ length: 20 }, (_, i) => () => killDiagnose(STALLS[i % 3]!, Math.round(Math.random() * (i % 2 ? 1000 : 2500)), i % 2 === 1))
    const outcomes = await inBatches(jobs, 4)
    const left = outcomes.filter((o) => o.leftAfter2s.length > 0)
    expect(left.map((o) => ({ stall: o.stall, delayMs: o.delayMs, left: o.leftAfter2s.map((p) => p.command) }))).toEqual([])
    // The kills really hit a probe and a streaming nvidia-smi, in every way of hanging.
    const withProbe = outcomes.filter((o) => o.probeStalled && o.childrenAtKill.some((p) => p.command.includes('gpu_doctor_probe.py')))
    expect(withProbe.length).toBeGreaterThanOrEqual(10)
    expect(new Set(withProbe.map((o) => o.stall))).toEqual(new Set(STALLS))
    expect(outcomes.filter((o) => o.childrenAtKill.some((p) => p.command.includes('--loop-ms'))).length).toBeGreaterThanOrEqual(10)
  }, 120_000)

  it('without setpriv the probe still ends by itself (its stdin and parent watch), asleep or spinning', async () => {
    const outcomes = await inBatches(
      (['sleep', 'spin', 'sleep', 'spin'] as Stall[]).map((stall) => () => killDiagnose(stall, 300, true, { GPU_DOCTOR_NO_PDEATHSIG: '1' })),
      4,
    )
    for (const o of outcomes) {
      expect(o.childrenAtKill.some((p) => p.command.includes('gpu_doctor_probe.py'))).toBe(true)
      expect(o.leftAfter2s).toEqual([])
    }
  }, 60_000)
})
