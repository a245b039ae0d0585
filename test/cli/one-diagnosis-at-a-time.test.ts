import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { TORCH_PYTHON } from '../helpers/pythons'

const STALLING_TORCH = fileURLToPath(new URL('../helpers/stalling-torch', import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One data folder (so one lock) for all runs of a test; each run's probe marks its start in its own folder. */
function setup() {
  const root = mkdtempSync(join(tmpdir(), 'gd-lock-'))
  const envFor = (name: string, probeSeconds: number) => {
    const marks = join(root, name)
    mkdirSync(marks)
    return {
      marks,
      env: fakeSmiEnv('h200-x1', {
        GPU_DOCTOR_DATA_DIR: join(root, 'data'),
        PYTHONPATH: STALLING_TORCH,
        FAKE_TORCH_STALL: 'sleep',
        FAKE_TORCH_SECONDS: String(probeSeconds),
        FAKE_TORCH_PID_DIR: marks,
      }),
    }
  }
  return { root, envFor }
}

/** When the run's probe started (its stand-in torch's mark), or null. */
function probeStartedAt(marks: string): number | null {
  const file = readdirSync(marks)[0]
  return file ? statSync(join(marks, file)).mtimeMs : null
}

function startCli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdout.resume()
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('close', (code) => resolve({ code, at: Date.now() })))
  return { child, exited, stderr: () => stderr }
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await sleep(25)
  }
}

const ARGS = ['diagnose', '--python', TORCH_PYTHON, '--no-save', '--steps', 'gpu-visible']

describe.skipIf(!existsSync(CLI))('two diagnoses at once on one machine', () => {
  it('the second waits, saying who runs since when, and its probe starts only after the first has ended', async () => {
    const { envFor } = setup()
    const a = envFor('a', 3)
    const b = envFor('b', 0)
    const first = startCli(ARGS, a.env)
    await until(() => probeStartedAt(a.marks) !== null, 20_000)
    const second = startCli(ARGS, b.env)
    await until(() => /waiting for it to finish/.test(second.stderr()), 10_000)
    // Who, and since when in words, not as an ISO time.
    expect(second.stderr()).toMatch(new RegExp(`process ${first.child.pid} on .+, started (\\d+ seconds? ago|now)\\)`))
    expect(second.stderr()).not.toMatch(/\d{4}-\d\d-\d\dT/)
    expect(probeStartedAt(b.marks)).toBeNull()
    const [one, two] = await Promise.all([first.exited, second.exited])
    // Both ran to the end (the stand-in torch fails the import: step 1 fails, exit 1).
    expect([one.code, two.code]).toEqual([1, 1])
    expect(probeStartedAt(b.marks)!).toBeGreaterThanOrEqual(one.at - 50)
  }, 60_000)

  it('--no-wait refuses at once with exit 3 and the holder; the Chinese text too', async () => {
    const { envFor } = setup()
    const a = envFor('a', 4)
    const first = startCli(ARGS, a.env)
    await until(() => probeStartedAt(a.marks) !== null, 20_000)
    const started = Date.now()
    const refused = await runBuiltCli([...ARGS, '--no-wait'], envFor('b', 0).env, { timeoutMs: 15_000 })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toMatch(new RegExp(`Another diagnosis is running on this machine \\(process ${first.child.pid} on .+, started (\\d+ seconds? ago|now)\\)`))
    expect(refused.stderr).toContain('Nothing was run')
    expect(Date.now() - started).toBeLessThan(10_000)
    const zh = await runBuiltCli([...ARGS, '--no-wait', '--lang', 'zh-CN'], envFor('c', 0).env, { timeoutMs: 15_000 })
    expect(zh.code).toBe(3)
    expect(zh.stderr).toMatch(new RegExp(`本机上另一个诊断正在运行（进程 ${first.child.pid}，主机 .+，(\\d+\\s?秒[钟]?前|现在)开始）`))
    expect((await first.exited).code).toBe(1)
  }, 60_000)

  it('a lock left by a killed run (kill -9) is taken over: the next run goes ahead', async () => {
    const { envFor } = setup()
    const a = envFor('a', 60)
    const killed = startCli(ARGS, a.env)
    await until(() => probeStartedAt(a.marks) !== null, 20_000)
    killed.child.kill('SIGKILL')
    await killed.exited
    const next = await runBuiltCli([...ARGS, '--no-wait'], envFor('b', 0).env, { timeoutMs: 30_000 })
    expect(next.stderr).not.toContain('Another diagnosis')
    expect(next.code).toBe(1)
  }, 60_000)
})
