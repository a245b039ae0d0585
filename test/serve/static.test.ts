import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resolveHostedFile, SECURITY_HEADERS } from '../../src/core/platform/hosting'
import { auth, raw, startHarness, type Harness } from './helpers'

describe('static files', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it('serves index.html with the shared security headers and no-store', async () => {
    const res = await raw(h.server.port, '/', { headers: auth })
    expect(res.status).toBe(200)
    expect(res.body).toContain('GPU Doctor')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name.toLowerCase()], name).toBe(value)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('sends the security headers on refusals too', async () => {
    const res = await raw(h.server.port, '/nope.js', { headers: auth })
    expect(res.status).toBe(404)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name.toLowerCase()], name).toBe(value)
  })

  it('serves assets with their content types, revalidated', async () => {
    const js = await raw(h.server.port, '/assets/app.js', { headers: auth })
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.headers['content-length']).toBe('14')
    expect(js.headers['cache-control']).toBe('no-cache')
    const css = await raw(h.server.port, '/assets/app.css', { headers: auth })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    const head = await raw(h.server.port, '/assets/app.js', { headers: auth, method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('answers as the shared resolver decides (core/platform/hosting)', async () => {
    const root = join(h.dir, 'renderer')
    for (const p of ['/assets/link.txt', '/assets/..%2f..%2fsecret.txt', '/a%5csecret.txt', '/x.exe', '/.env', '/assets/app.js']) {
      const expected = await resolveHostedFile(root, p)
      const res = await raw(h.server.port, p, { headers: auth })
      expect(res.status, p).toBe(expected.ok ? 200 : expected.status)
      if (!expected.ok) expect(res.body, p).toBe(expected.reason)
    }
  })

  it('never serves files outside the renderer directory', async () => {
    for (const p of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/link.txt']) {
      const res = await raw(h.server.port, p, { headers: auth })
      expect(res.status, p).toBeGreaterThanOrEqual(400)
      expect(res.body).not.toContain('secret')
    }
  })

  it('404s missing files and folders, 405s other methods', async () => {
    expect((await raw(h.server.port, '/nope.js', { headers: auth })).status).toBe(404)
    expect((await raw(h.server.port, '/assets', { headers: auth })).status).toBe(404)
    expect((await raw(h.server.port, '/', { headers: auth, method: 'DELETE' })).status).toBe(405)
  })
})
