import { mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { domainToASCII } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServer } from '../../src/serve'
import { FakeCore } from './fake-core'
import { allowedHostnames, hostnameOf } from '../../src/serve/guards'
import { auth, raw, startHarness, TOKEN, type Harness } from './helpers'

describe('hostnameOf / allowedHostnames', () => {
  it('strips ports and handles IPv6', () => {
    expect(hostnameOf('LocalHost:8080')).toBe('localhost')
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1')
    expect(hostnameOf('[::1]:99')).toBe('[::1]')
    expect(hostnameOf('[::1]x')).toBeNull()
    expect(hostnameOf('a b')).toBeNull()
    expect(hostnameOf('evil.example:1@127.0.0.1')).toBeNull()
  })

  it('always allows loopback names plus the bound host', () => {
    const names = allowedHostnames('::1', ['Box.Lan'])
    expect([...names].sort()).toEqual(['127.0.0.1', '[::1]', 'box.lan', 'localhost'])
  })
})

describe('Host and Origin checks', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  const post = (headers: Record<string, string>) =>
    raw(h.server.port, '/api/invoke/gpu:get-state', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', ...headers },
      body: '{"args":[]}',
    })

  it('refuses a rebound DNS name even with the token', async () => {
    const res = await raw(h.server.port, '/', { headers: { ...auth, Host: `evil.example:${h.server.port}` } })
    expect(res.status).toBe(403)
    expect((await post({ Host: 'evil.example' })).status).toBe(403)
    expect(h.core.calls).toHaveLength(0)
  })

  it('accepts loopback names on any port (ssh -L may use another local port)', async () => {
    for (const host of [`127.0.0.1:${h.server.port}`, 'localhost:9999', '[::1]:8080', 'localhost']) {
      expect((await raw(h.server.port, '/', { headers: { ...auth, Host: host } })).status).toBe(200)
    }
  })

  it('refuses a cross-origin POST and accepts same-origin or no Origin', async () => {
    expect((await post({ Origin: 'http://evil.example' })).status).toBe(403)
    expect((await post({ Origin: `http://localhost:${h.server.port}` })).status).toBe(403)
    expect((await post({ Origin: `http://127.0.0.1:${h.server.port}` })).status).toBe(200)
    expect((await post({})).status).toBe(200)
  })
})

describe('bound to every interface', () => {
  it("accepts the machine's own name but still refuses foreign names", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-serve-'))
    const server = await startServer({ core: new FakeCore(), host: '0.0.0.0', rendererDir: dir, token: TOKEN })
    try {
      expect(server.url.startsWith('http://127.0.0.1:')).toBe(true)
      const get = (host: string) => raw(server.port, '/', { headers: { ...auth, Host: host } })
      // As a browser sends it: a name in another script (CJK) in its ASCII form.
      expect((await get(`${domainToASCII(hostname())}:${server.port}`)).status).toBe(404) // allowed; no index.html here
      expect((await get('evil.example')).status).toBe(403)
    } finally {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
