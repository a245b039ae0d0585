import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv, isAlive } from '../helpers/fake-smi'

describe('gpu-doctor monitor', () => {
  it('--json prints one sample per line from a single nvidia-smi process', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'gd-mon-')), 'log')
    const r = await runBuiltCli(['monitor', '--json', '--interval', '100', '--count', '8'], fakeSmiEnv('h200-x2', { FAKE_SMI_LOG: log }))
    expect(r.code).toBe(0)
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(lines).toHaveLength(8)
    for (const s of lines) expect(s.gpus.map((g: { index: number }) => g.index)).toEqual([0, 1])
    const starts = readFileSync(log, 'utf8').trim().split('\n')
    expect(starts.filter((l) => l.includes('--loop-ms'))).toHaveLength(1)
  })

  it('stops nvidia-smi on Ctrl-C and exits 0', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'gd-mon-')), 'log')
    const child = spawn(process.execPath, [CLI, 'monitor', '--json', '--interval', '100'], { env: fakeSmiEnv('h200-x1', { FAKE_SMI_LOG: log }) })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (out.split('\n').length > 3) {
          clearInterval(poll)
          resolve()
        }
      }, 20)
    })
    const streamLine = readFileSync(log, 'utf8').split('\n').find((l) => l.includes('--loop-ms'))!
    const smiPid = Number(streamLine.split(' ')[0])
    expect(isAlive(smiPid)).toBe(true)
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    expect(isAlive(smiPid)).toBe(false)
  })

  it('rejects an interval outside 100–60000 ms', async () => {
    const r = await runBuiltCli(['monitor', '--interval', '5'], fakeSmiEnv('h200-x1'))
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--interval')
  })

  it('exits 3 with the explanation when the driver is not loaded', async () => {
    const r = await runBuiltCli(['monitor', '--json', '--interval', '100'], fakeSmiEnv('missing-driver'), { timeoutMs: 15_000 })
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/driver/)
  })
})
