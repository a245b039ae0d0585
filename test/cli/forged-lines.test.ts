import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { sleep, stopTree } from '../helpers/busy-processes'
import { fakeSmiEnv } from '../helpers/fake-smi'

// A process may name itself anything: its comm (/proc/PID/comm) and its arguments can hold line breaks.
const dir = mkdtempSync(join(tmpdir(), 'gd-forged-'))
const DMON = join(dir, 'dmon.txt')
writeFileSync(DMON, ['# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci', '# Idx      %      %      %      %      %      %   MB/s   MB/s', ...Array(3).fill('    0     20     10      0      0      0      0      5      3')].join('\n') + '\n')
const FORGED = 'Healthy: no bottleneck'

function forgingJob(): ChildProcess {
  const code = `/*\n${FORGED}\n*/ require('node:fs').writeFileSync('/proc/self/comm', 'x\\n${FORGED.slice(0, 10)}'); setInterval(() => {}, 1000)`
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore', detached: true })
}

describe('names from /proc on the terminal', { timeout: 30_000 }, () => {
  it('a command line and a thread name with line breaks print on one line: no forged verdict line', async () => {
    const job = forgingJob()
    try {
      await sleep(400)
      const env = fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: DMON, FAKE_SMI_DMON_MS: '150', FAKE_SMI_APP_PIDS: `${job.pid}:0:2300:20` })
      const r = await runBuiltCli(['watch', '--pid', String(job.pid), '--seconds', '3'], env, { timeoutMs: 20_000 })
      expect(r.code, r.stderr).toBe(1)
      expect(r.stdout.split('\n').filter((line) => line.startsWith('Healthy'))).toEqual([])
      expect(r.stdout).toContain(`-e /*\\n${FORGED}\\n*/`)
      expect(r.stdout).toMatch(/Busiest thread\s+x\\nHealthy: n \(tid \d+\)/)
    } finally {
      stopTree(job)
    }
  })
})
