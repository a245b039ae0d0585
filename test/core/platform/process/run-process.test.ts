import { describe, expect, it } from 'vitest'

import { runProcess } from '../../../../src/core/platform/process/run-process'
import { isAlive } from '../../../helpers/fake-smi'

describe('runProcess', () => {
  it('returns exit code and output of a real program', async () => {
    const r = await runProcess(process.execPath, ['-e', 'console.log("hi"); console.error("oops"); process.exit(3)'], { timeoutMs: 5000 })
    expect(r).toMatchObject({ exitCode: 3, stdout: 'hi\n', stderr: 'oops\n', timedOut: false, spawnError: null })
  })

  it('reports a missing binary as data instead of throwing', async () => {
    const r = await runProcess('/nonexistent/nvidia-smi', [], { timeoutMs: 5000 })
    expect(r.spawnError?.code).toBe('ENOENT')
    expect(r.exitCode).toBeNull()
  })

  it('kills a program that outlives its timeout and leaves nothing running', async () => {
    // The PID as spawned: on a loaded machine Node may not have printed its own within the 300 ms.
    let pid = 0
    const r = await runProcess(process.execPath, ['-e', 'setInterval(()=>{}, 1000)'], { timeoutMs: 300, onSpawn: (p) => (pid = p) })
    expect(r.timedOut).toBe(true)
    expect(r.exitSignal).toBe('SIGKILL')
    expect(pid).toBeGreaterThan(0)
    expect(isAlive(pid)).toBe(false)
  })

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController()
    const pending = runProcess(process.execPath, ['-e', 'setInterval(()=>{}, 1000)'], { timeoutMs: 10_000, signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const r = await pending
    expect(r.cancelled).toBe(true)
    expect(r.durationMs).toBeLessThan(5000)
  })

  it('starts a program under another argv[0] (a venv python run as its link), in place: the PID it reports is the one started', async () => {
    let started = 0
    const r = await runProcess(process.execPath, ['-e', 'console.log(process.argv0 + " " + process.pid)'], { timeoutMs: 10_000, argv0: '/opt/some env/bin/node', onSpawn: (pid) => (started = pid) })
    expect(r.stdout.trim()).toBe(`/opt/some env/bin/node ${started}`)
  })

  it('caps runaway output', async () => {
    const r = await runProcess(process.execPath, ['-e', 'process.stdout.write("x".repeat(100000))'], { timeoutMs: 5000, maxOutputBytes: 1000 })
    expect(r.stdout.length).toBe(1000)
    expect(r.truncated).toBe(true)
  })

  it('with stopOnStdoutOverflow, kills a program that floods stdout at the bound instead of reading it until the timeout', async () => {
    const r = await runProcess('yes', [], { timeoutMs: 600_000, maxOutputBytes: 1024 * 1024, stopOnStdoutOverflow: true })
    expect(r).toMatchObject({ stdoutOverflowed: true, stderrOverflowed: false, timedOut: false, exitSignal: 'SIGKILL' })
    expect(r.stdout.length).toBe(1024 * 1024)
  })

  it('with keepStderrTail, keeps the last bytes of a long stderr (where the error is) and stdout whole', async () => {
    const script = 'process.stderr.write("w".repeat(300000) + "\\nthe error\\n", () => console.log("report"))'
    const r = await runProcess(process.execPath, ['-e', script], { timeoutMs: 10_000, maxOutputBytes: 100_000, keepStderrTail: true })
    expect(r).toMatchObject({ stdout: 'report\n', stdoutOverflowed: false, stderrOverflowed: true, exitCode: 0 })
    expect(r.stderr.length).toBe(100_000)
    expect(r.stderr.endsWith('w\nthe error\n')).toBe(true)
  })
})
