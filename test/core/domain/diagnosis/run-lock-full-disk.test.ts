import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { acquireRunLock, DiagnosisBusyError, LOCK_FILE, type LockHolder } from '../../../../src/core/domain/diagnosis/run-lock'
import { CLI, runBuiltCli } from '../../../helpers/cli'
import { pythonWithoutTorch } from '../../../helpers/pythons'
import { TestClock } from '../../../helpers/test-clock'

const dir = () => mkdtempSync(join(tmpdir(), 'gd-runlock-full-'))

/** The built CLI where every write to a file fails, as on a full disk: a file size limit of 0 (EFBIG, SIGXFSZ ignored). */
function cliOnFullDisk(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'trap "" XFSZ; ulimit -f 0; exec "$0" "$@"', process.execPath, CLI, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the CLI did not finish: ${stderr}`))
    }, 30_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

describe.skipIf(process.platform !== 'linux')('the diagnosis lock on a full disk (issue 39)', () => {
  it('a lock that cannot be written is not left behind: the run goes on unguarded and the next one is not refused', { timeout: 40_000 }, async () => {
    const d = dir()
    const run = await cliOnFullDisk(['diagnose', '--no-wait', '--python', pythonWithoutTorch()], { ...process.env, GPU_DOCTOR_DATA_DIR: d })
    expect(run.stderr).not.toMatch(/Another diagnosis/)
    expect(existsSync(join(d, LOCK_FILE)), 'an empty diagnosis.lock was left').toBe(false)
    ;(await acquireRunLock({ dir: d, waitMs: 0 }))!.release()
  })

  it('a lock not written yet names no holder: no "PID 0 on ?", no wait announced for it; the CLI says a run is starting (exit 3)', async () => {
    const d = dir()
    writeFileSync(join(d, LOCK_FILE), '')
    const waited: LockHolder[] = []
    const clock = new TestClock({ sleepAdvances: true })
    const error = await acquireRunLock({ dir: d, waitMs: 600, pollMs: 50, clock, onWait: (h) => waited.push(h) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DiagnosisBusyError)
    expect((error as Error).message).toContain(`just starting (its lock file ${join(d, LOCK_FILE)} is not written yet)`)
    expect(waited).toEqual([])

    for (const [lang, text] of [
      ['en', 'Another diagnosis is just starting on this machine'],
      ['zh-CN', '另一个诊断正在启动'],
    ]) {
      const r = await runBuiltCli(['diagnose', '--no-wait', '--python', pythonWithoutTorch(), '--lang', lang!], { ...process.env, GPU_DOCTOR_DATA_DIR: d }, { timeoutMs: 10_000 })
      expect(r.code).toBe(3)
      expect(r.stderr).toContain(text)
      expect(r.stderr).not.toContain('PID 0')
    }
  })
})
