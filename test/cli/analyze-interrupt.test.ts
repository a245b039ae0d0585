// Hardening, round four, item 2: `gpu-doctor analyze` answers Ctrl-C (and SIGTERM) at any moment. The analysis ran
// in one synchronous call: at 100 % CPU the signal handler never ran, and the CLI went on until the end (minutes on
// a crafted paste). It now runs in steps with the event loop between them, and reading stdin stops on the signal.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { MAX_PASTED_TEXT } from '../../src/shared/constants'
import { CLI } from '../helpers/cli'

const dir = mkdtempSync(join(tmpdir(), 'gd-analyze-int-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// The largest paste accepted, of a million short lines: seconds of analysis even now that every rule is linear.
const LINE = `cuda runtime error (2) :${'\n'.repeat(1000)}`
const PASTE = join(dir, 'paste.txt')
writeFileSync(PASTE, LINE.repeat(Math.floor((MAX_PASTED_TEXT - 1) / LINE.length)))

// The CPU time the CLI may spend once signalled (a step of the analysis, then its exit); the whole analysis takes seconds.
const ANSWER_MS = 1000

/** CPU seconds the process has used (Linux /proc), or null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number)
    return ((utime ?? 0) + (stime ?? 0)) / 100
  } catch {
    return null
  }
}

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
  answeredMs: number
}

function start(args: string[], stdin: 'ignore' | 'pipe'): { child: ChildProcess; exited: Promise<Omit<Exit, 'answeredMs'>> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: [stdin, 'ignore', 'pipe'], env: { ...process.env, LANG: 'C' } })
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<Omit<Exit, 'answeredMs'>>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })))
  return { child, exited }
}

/** Waits until `ready` holds (polled) or the process exits; false when it exited first. */
async function until(child: ChildProcess, ready: () => boolean): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return false
    if (ready()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function signalled(run: ReturnType<typeof start>, signal: NodeJS.Signals): Promise<Exit> {
  const pid = run.child.pid!
  const cpuBefore = cpuSeconds(pid)
  let cpuLast = cpuBefore
  // CPU time, not wall time, is what the CLI spends after the signal: a loaded machine lengthens the second only.
  const poll = setInterval(() => (cpuLast = cpuSeconds(pid) ?? cpuLast), 10)
  const sent = performance.now()
  run.child.kill(signal)
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 30_000)
  const exit = await run.exited
  clearTimeout(timer)
  clearInterval(poll)
  const wallMs = performance.now() - sent
  return { ...exit, answeredMs: cpuBefore !== null && cpuLast !== null ? (cpuLast - cpuBefore) * 1000 : wallMs }
}

describe('gpu-doctor analyze answers Ctrl-C and SIGTERM at any moment', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} in the middle of analyzing an 8 MiB paste: exit 130 ("cancelled") at once, not at the end`, async () => {
      const run = start(['analyze', '--from', PASTE], 'ignore')
      // Well into the analysis: startup and reading the file take a fraction of this (a wall-clock second elsewhere).
      const began = performance.now()
      const busy = await until(run.child, () => (cpuSeconds(run.child.pid!) ?? (performance.now() - began) / 1000) >= 0.8)
      expect(busy, 'the analysis ended before the signal could be sent').toBe(true)
      const exit = await signalled(run, signal)
      expect(exit.stderr).toContain('cancelled')
      expect(exit.code).toBe(130)
      expect(exit.answeredMs).toBeLessThan(ANSWER_MS)
    }, 60_000)
  }

  it('Ctrl-C while it waits for a paste on stdin: exit 130 at once', async () => {
    const run = start(['analyze', '--from', '-'], 'pipe')
    run.child.stdin!.write('RuntimeError: CUDA out of memory.\n')
    // Started and reading: the stdin pipe stays open, as a terminal waiting for the rest of a paste.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const exit = await signalled(run, 'SIGINT')
    expect(exit.code).toBe(130)
    expect(exit.answeredMs).toBeLessThan(ANSWER_MS)
    run.child.stdin!.destroy()
  }, 60_000)
})
