import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { generateToken, tokensEqual } from '../../src/serve/auth'
import { auth, raw, startHarness, TOKEN, type Harness } from './helpers'

describe('token helpers', () => {
  it('generates 32 random bytes as hex', () => {
    const a = generateToken()
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(generateToken()).not.toBe(a)
  })

  it('compares tokens of any length without throwing', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true)
    expect(tokensEqual('abc', 'abcd')).toBe(false)
    expect(tokensEqual('', 'abc')).toBe(false)
  })
})

describe('token on every request', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it('prints a loopback URL with the token', () => {
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}/?token=${TOKEN}`)
  })

  it('serves the static shell without a token, and refuses the API without one', async () => {
    expect((await raw(h.server.port, '/')).status).toBe(200)
    expect((await raw(h.server.port, '/assets/app.js')).status).toBe(200)
    const api = await raw(h.server.port, '/api/invoke/gpu:get-state', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"args":[]}',
    })
    expect(api.status).toBe(401)
    expect(JSON.parse(api.body)).toEqual({ ok: false, error: { code: 'unauthorized', message: expect.any(String) } })
    expect(h.core.calls).toHaveLength(0)
  })

  it('refuses a wrong token in query or header, and a right token in a cookie', async () => {
    const wrong = 'b'.repeat(64)
    const post = (path: string, headers: Record<string, string> = {}) =>
      raw(h.server.port, path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"args":[]}' })
    expect((await post(`/api/invoke/gpu:get-state?token=${wrong}`)).status).toBe(401)
    expect((await post('/api/invoke/gpu:get-state', { Authorization: `Bearer ${wrong}` })).status).toBe(401)
    for (const name of ['gpu-doctor-token', `gpu-doctor-token-${h.server.port}`]) {
      expect((await post('/api/invoke/gpu:get-state', { Cookie: `${name}=${TOKEN}` })).status).toBe(401)
    }
    expect(h.core.calls).toHaveLength(0)
    expect((await post(`/api/invoke/gpu:get-state?token=${TOKEN}`)).status).toBe(200)
  })

  it('never sets a cookie, not even on a page load that brings the token', async () => {
    for (const path of ['/', `/?token=${TOKEN}`, '/assets/app.js']) {
      const res = await raw(h.server.port, path)
      expect(res.status, path).toBe(200)
      expect(res.headers['set-cookie'], path).toBeUndefined()
      expect(res.body, path).not.toContain(TOKEN)
    }
  })

  it('accepts a Bearer header', async () => {
    const res = await raw(h.server.port, '/api/invoke/gpu:get-state', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"args":[]}' })
    expect(res.status).toBe(200)
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})
