import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { acquireRunLock, DiagnosisBusyError, LOCK_FILE, type LockHolder } from '../../../../src/core/domain/diagnosis/run-lock'
import { diagnoseAndSave, WAITING_STAGE } from '../../../../src/core/app/diagnose-and-save'
import { CancelledError } from '../../../../src/core/platform/errors'
import type { DiagnosisProgress } from '../../../../src/shared/diagnosis'
import { fakeSmiEnv } from '../../../helpers/fake-smi'
import { pythonWithoutTorch } from '../../../helpers/pythons'
import { TestClock } from '../../../helpers/test-clock'

const children: Array<{ kill: () => void }> = []
afterEach(() => children.splice(0).forEach((c) => c.kill()))

/** A real other process, and its /proc start time, to hold the lock. */
function otherProcess(): { pid: number; start: string | null } {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  children.push({ kill: () => child.kill('SIGKILL') })
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
  return { pid: child.pid!, start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null }
}

function heldBy(dir: string, holder: Partial<LockHolder>): string {
  const path = join(dir, LOCK_FILE)
  writeFileSync(path, JSON.stringify({ host: hostname(), since: '2026-11-25T12:00:00.000Z', processStart: null, ...holder }))
  return path
}

const dir = () => mkdtempSync(join(tmpdir(), 'gd-runlock-'))

describe.skipIf(process.platform !== 'linux')('the diagnosis lock', () => {
  it('is created with the holder, and removed on release', async () => {
    const d = dir()
    const lock = await acquireRunLock({ dir: d, waitMs: 0 })
    const holder = JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')) as LockHolder
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() })
    lock!.release()
    expect(existsSync(join(d, LOCK_FILE))).toBe(false)
  })

  it('refuses while a live process holds it, naming it; waits when asked, then refuses past the wait', async () => {
    const d = dir()
    const other = otherProcess()
    heldBy(d, { pid: other.pid, processStart: other.start })
    await expect(acquireRunLock({ dir: d, waitMs: 0 })).rejects.toThrow(new RegExp(`PID ${other.pid} on .*since 2026-11-25T12:00:00.000Z`))
    const waited: LockHolder[] = []
    const clock = new TestClock({ sleepAdvances: true })
    await expect(acquireRunLock({ dir: d, waitMs: 600, onWait: (h) => waited.push(h), pollMs: 50, clock })).rejects.toBeInstanceOf(DiagnosisBusyError)
    expect(clock.now()).toBe(600)
    expect(waited).toEqual([expect.objectContaining({ pid: other.pid })])
    // Unless handed a clock, the wait is real time.
    const started = performance.now()
    await expect(acquireRunLock({ dir: d, waitMs: 100, pollMs: 20 })).rejects.toBeInstanceOf(DiagnosisBusyError)
    expect(performance.now() - started).toBeGreaterThanOrEqual(95)
  })

  it('a wait ends as soon as the holder lets go: the lock is taken at the next look', async () => {
    const d = dir()
    const other = otherProcess()
    const path = heldBy(d, { pid: other.pid, processStart: other.start })
    const clock = new TestClock({ sleepAdvances: true })
    clock.after(1_100, () => unlinkSync(path))
    const lock = await acquireRunLock({ dir: d, waitMs: 60_000, clock })
    expect(clock.now()).toBe(1_250)
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid)
    lock!.release()
  })

  it('is taken over from a dead PID, a PID now used by another program, and an unreadable file', async () => {
    const d = dir()
    const dead = spawn('true')
    await new Promise((r) => dead.on('close', r))
    heldBy(d, { pid: dead.pid! })
    ;(await acquireRunLock({ dir: d, waitMs: 0 }))!.release()
    const other = otherProcess()
    heldBy(d, { pid: other.pid, processStart: '1' })
    ;(await acquireRunLock({ dir: d, waitMs: 0 }))!.release()
    const torn = join(d, LOCK_FILE)
    writeFileSync(torn, '{"pid": 12')
    utimesSync(torn, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    ;(await acquireRunLock({ dir: d, waitMs: 0 }))!.release()
  })

  it('cancelling while waiting returns at once without the lock', async () => {
    const d = dir()
    const other = otherProcess()
    const path = heldBy(d, { pid: other.pid, processStart: other.start })
    const ac = new AbortController()
    const clock = new TestClock({ sleepAdvances: true })
    clock.after(200, () => ac.abort())
    expect(await acquireRunLock({ dir: d, waitMs: 60_000, signal: ac.signal, clock })).toBeNull()
    expect(clock.now()).toBe(200)
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(other.pid)
  })

  it('a data folder that cannot hold it (under /proc) leaves the run unguarded, at once', async () => {
    const started = Date.now()
    const lock = await acquireRunLock({ dir: '/proc/gpu-doctor-nope/data', waitMs: 0 })
    expect(lock?.unguarded).toBeTruthy()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('diagnoseAndSave says it waits as a progress event, and a cancel then ends it as cancelled', async () => {
    const d = dir()
    const other = otherProcess()
    heldBy(d, { pid: other.pid, processStart: other.start })
    const events: DiagnosisProgress[] = []
    const ac = new AbortController()
    const run = diagnoseAndSave({
      history: null,
      lockDir: d,
      python: pythonWithoutTorch(),
      env: fakeSmiEnv('h200-x1'),
      signal: ac.signal,
      runId: 'r1',
      onProgress: (p) => {
        events.push(p)
        if (p.stage === WAITING_STAGE) ac.abort()
      },
    })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
    expect(events).toEqual([{ runId: 'r1', stage: WAITING_STAGE, step: null, message: `PID ${other.pid} · 2026-11-25T12:00:00.000Z`, sample: null, holder: expect.objectContaining({ pid: other.pid, sameProcess: false }) }])
  })
})
