import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { generateToken, parseCookies, tokensEqual } from '../../src/serve/auth'
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

  it('parses cookie headers', () => {
    const c = parseCookies('a=1; b = 2;c=x=y; bad')
    expect(c.get('a')).toBe('1')
    expect(c.get('b')).toBe('2')
    expect(c.get('c')).toBe('x=y')
    expect(c.has('bad')).toBe(false)
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

  it('refuses the page, assets and API without a token', async () => {
    expect((await raw(h.server.port, '/')).status).toBe(401)
    expect((await raw(h.server.port, '/assets/app.js')).status).toBe(401)
    const api = await raw(h.server.port, '/api/invoke/gpu:get-state', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"args":[]}',
    })
    expect(api.status).toBe(401)
    expect(JSON.parse(api.body)).toEqual({ ok: false, error: { code: 'unauthorized', message: expect.any(String) } })
    expect(h.core.calls).toHaveLength(0)
  })

  it('refuses a wrong token in query, header or cookie', async () => {
    const wrong = 'b'.repeat(64)
    expect((await raw(h.server.port, `/?token=${wrong}`)).status).toBe(401)
    expect((await raw(h.server.port, '/', { headers: { Authorization: `Bearer ${wrong}` } })).status).toBe(401)
    const cookie = `gpu-doctor-token-${h.server.port}=${wrong}`
    expect((await raw(h.server.port, '/', { headers: { Cookie: cookie } })).status).toBe(401)
  })

  it('turns ?token= into an HttpOnly SameSite=Strict cookie that then works alone', async () => {
    const res = await raw(h.server.port, `/?token=${TOKEN}`)
    expect(res.status).toBe(200)
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toContain(`gpu-doctor-token-${h.server.port}=${TOKEN}`)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    const cookie = setCookie.split(';')[0] ?? ''
    expect((await raw(h.server.port, '/assets/app.js', { headers: { Cookie: cookie } })).status).toBe(200)
  })

  it('accepts a Bearer header', async () => {
    const res = await raw(h.server.port, '/assets/app.css', { headers: auth })
    expect(res.status).toBe(200)
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})
