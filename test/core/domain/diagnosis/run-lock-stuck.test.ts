import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { acquireRunLock, DiagnosisLockStuckError, LOCK_FILE } from '../../../../src/core/domain/diagnosis/run-lock'
import { CLI, runBuiltCli } from '../../../helpers/cli'
import { pythonWithoutTorch } from '../../../helpers/pythons'
import { TestClock } from '../../../helpers/test-clock'

const dir = () => mkdtempSync(join(tmpdir(), 'gd-runlock-stuck-'))
const anHourAgo = () => new Date(Date.now() - 3_600_000)
const SYSTEM_PYTHON = '/usr/bin/python3'
/** Root, and node, the built CLI and the system Python reachable by nobody (a checkout under /root is not). */
const canRunAsNobody = (): boolean =>
  process.getuid?.() === 0 &&
  existsSync(SYSTEM_PYTHON) &&
  spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(CLI)}, 4)`], { uid: 65534, gid: 65534, stdio: 'ignore', timeout: 10_000 }).status === 0

describe.skipIf(process.platform !== 'linux')('a diagnosis lock that cannot be removed (issue 26)', () => {
  it('a folder where the lock should be: refused at once with what to remove, even when asked to wait a minute', async () => {
    const d = dir()
    mkdirSync(join(d, LOCK_FILE))
    utimesSync(join(d, LOCK_FILE), anHourAgo(), anHourAgo())
    const clock = new TestClock({ sleepAdvances: true })
    const error = await acquireRunLock({ dir: d, waitMs: 60_000, clock }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DiagnosisLockStuckError)
    expect((error as Error).message).toContain(`${join(d, LOCK_FILE)} was left by a run that has ended, but it cannot be removed (a folder)`)
    expect(clock.now()).toBe(0)
    expect(existsSync(join(d, LOCK_FILE))).toBe(true)
  })

  it('a FIFO where the lock should be: never opened for a blocking read; the CLI says so and exits 3 (--no-wait)', async () => {
    const d = dir()
    execFileSync('mkfifo', [join(d, LOCK_FILE)])
    const clock = new TestClock({ sleepAdvances: true })
    await expect(acquireRunLock({ dir: d, waitMs: 60_000, clock })).rejects.toThrow(/cannot be removed \(a FIFO \(named pipe\)\)/)
    expect(clock.now()).toBe(0)
    const r = await runBuiltCli(['diagnose', '--no-wait', '--python', pythonWithoutTorch()], { ...process.env, GPU_DOCTOR_DATA_DIR: d }, { timeoutMs: 10_000 })
    expect(r.code).toBe(3)
    expect(r.stderr).toContain(`sudo rm -r ${join(d, LOCK_FILE)}`)
  })

  it.runIf(process.platform === 'linux' && canRunAsNobody())('a stale lock in a data folder left by a root run: another user is told to remove it, at once, in both languages', async () => {
    const d = dir()
    chmodSync(d, 0o755)
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), since: '2026-11-26T00:00:00.000Z', processStart: '1' }))
    const asNobody = (lang: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, 'diagnose', '--no-wait', '--python', SYSTEM_PYTHON, '--lang', lang], {
          uid: 65534,
          gid: 65534,
          env: { PATH: process.env.PATH, HOME: tmpdir(), GPU_DOCTOR_DATA_DIR: d },
          stdio: ['ignore', 'ignore', 'pipe'],
        })
        let stderr = ''
        child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          reject(new Error('the CLI spun on a lock it cannot remove'))
        }, 10_000)
        child.on('close', (code) => {
          clearTimeout(timer)
          resolve({ code, stderr })
        })
      })
    const en = await asNobody('en')
    expect([en.code, en.stderr]).toEqual([3, expect.stringContaining('cannot remove it (EACCES)')])
    const zh = await asNobody('zh-CN')
    expect(zh.stderr).toContain('无法删除它（EACCES）')
  })

  it('locks no run of GPU Doctor writes are stale: PID 0, PID -1, a fraction, and PID 1 without a start time', async () => {
    for (const holder of [{ pid: 0 }, { pid: -1 }, { pid: 1.5 }, { pid: 1, processStart: null }]) {
      const d = dir()
      writeFileSync(join(d, LOCK_FILE), JSON.stringify({ host: hostname(), since: '2026-11-26T00:00:00.000Z', processStart: null, ...holder }))
      const lock = await acquireRunLock({ dir: d, waitMs: 0 })
      expect(lock?.unguarded, JSON.stringify(holder)).toBeNull()
      lock!.release()
    }
  })

  it('PID 1 with its real start time is a live holder, and is waited for', async () => {
    const d = dir()
    const { readFileSync } = await import('node:fs')
    const stat = readFileSync('/proc/1/stat', 'utf8')
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: 1, host: hostname(), since: '2026-11-26T00:00:00.000Z', processStart: start }))
    await expect(acquireRunLock({ dir: d, waitMs: 0 })).rejects.toThrow(/PID 1 on/)
  })
})
