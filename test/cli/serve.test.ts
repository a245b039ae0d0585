import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'

const env = fakeSmiEnv('h200-x1')

describe('gpu-doctor serve: exit codes of the README table', () => {
  it('a busy port is an environment error (exit 3) in one line', async () => {
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const port = (other.address() as AddressInfo).port
    try {
      const r = await runBuiltCli(['serve', '--port', String(port), '--no-open'], env)
      expect(r.code).toBe(3)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()))
    }
  })

  it.each(['evil.example', '8.8.8.8', 'example.com:80'])('--host %s (not this machine) is a usage error (exit 2) before anything listens', async (host) => {
    const r = await runBuiltCli(['serve', '--host', host, '--port', '0', '--no-open'], env)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(`--host ${host} is not an address of this machine`)
  })
})
