/* eslint-disable no-control-regex -- the terminal's control sequences are what this test reads */
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../helpers/cli'
import { IDLE, sleep, startNode, stopTree } from '../helpers/busy-processes'
import { fakeSmiEnv } from '../helpers/fake-smi'

// `watch` on a real terminal: `script` (util-linux) gives the CLI a pseudo-terminal, as a shell would.
const dir = mkdtempSync(join(tmpdir(), 'gd-watch-tty-'))
const DMON = join(dir, 'dmon.txt')
writeFileSync(DMON, ['# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci', '# Idx      %      %      %      %      %      %   MB/s   MB/s', ...Array(3).fill('    0     97     44      0      0      0      0      5      3')].join('\n') + '\n')

function inTerminal(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no end in a terminal: ${out}`))
    }, 20_000)
    child.on('close', () => {
      clearTimeout(timer)
      resolve(out)
    })
  })
}

describe('gpu-doctor watch progress', { timeout: 45_000 }, () => {
  it('on a terminal redraws one line in place (CR … erase-to-end) and ends it with a newline before the verdict', async () => {
    const job = startNode(IDLE)
    try {
      await sleep(300)
      const env = fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: DMON, FAKE_SMI_DMON_MS: '150', FAKE_SMI_APP_PIDS: `${job.pid}:0:2300:40` })
      const out = await inTerminal(`'${process.execPath}' '${CLI}' watch --pid ${job.pid} --seconds 3`, env)
      const redraws = out.split('\r').filter((part) => /^Watching PID \d+: \d+ \/ 3 s, SM now .* %\x1b\[K/.test(part))
      expect(redraws.length, JSON.stringify(out)).toBeGreaterThanOrEqual(2)
      // Nothing piles up: every progress line starts at the line's start and clears what the last one left.
      expect(out).not.toMatch(/%Watching PID/)
      const afterLast = out.slice(out.lastIndexOf('\x1b[K') + 3)
      expect(afterLast.startsWith('\r\n'), JSON.stringify(afterLast.slice(0, 40))).toBe(true)
      expect(afterLast).toContain('Healthy')
    } finally {
      stopTree(job)
    }
  })

  it('into a pipe prints plain lines: no carriage return or escape sequence', async () => {
    const job = startNode(IDLE)
    try {
      await sleep(300)
      const env = fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: DMON, FAKE_SMI_DMON_MS: '150', FAKE_SMI_APP_PIDS: `${job.pid}:0:2300:40` })
      const r = await runBuiltCli(['watch', '--pid', String(job.pid), '--seconds', '5'], env, { timeoutMs: 20_000 })
      expect(r.code, r.stderr).toBe(0)
      expect(r.stderr).toMatch(/^Watching PID \d+: 5 \/ 5 s, SM now \d+ %\n/m)
      expect(r.stderr + r.stdout).not.toMatch(/[\r\x1b]/)
    } finally {
      stopTree(job)
    }
  })
})
