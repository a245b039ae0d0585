import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONTENT_SECURITY_POLICY } from '../../../src/core/serve/headers'
import { resolveStaticPath } from '../../../src/core/serve/static-files'
import { auth, raw, startHarness, type Harness } from './helpers'

describe('resolveStaticPath', () => {
  const root = '/srv/r'
  it('maps / to index.html and keeps paths inside the root', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveStaticPath(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'))
    expect(resolveStaticPath(root, '//assets/./a.js')).toBe(join(root, 'assets', 'a.js'))
  })

  it('rejects traversal, encoded separators, NUL, dotfiles and unknown types', () => {
    for (const p of ['/../x.js', '/assets/../../x.js', '/%2e%2e/x.js', '/..%2fx.js', '/a%5c..%5cx.js', '/a%00.js', '/.env', '/%E0%A4%A', '/x.exe']) {
      expect(resolveStaticPath(root, p), p).toBeNull()
    }
  })
})

describe('static files', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it('serves index.html with the CSP, security headers and no-store', async () => {
    const res = await raw(h.server.port, '/', { headers: auth })
    expect(res.status).toBe(200)
    expect(res.body).toContain('GPU Doctor')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('serves assets with their content types', async () => {
    const js = await raw(h.server.port, '/assets/app.js', { headers: auth })
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const css = await raw(h.server.port, '/assets/app.css', { headers: auth })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    const head = await raw(h.server.port, '/assets/app.js', { headers: auth, method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('never serves files outside the renderer directory', async () => {
    for (const p of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/link.txt']) {
      const res = await raw(h.server.port, p, { headers: auth })
      expect(res.status, p).toBe(404)
      expect(res.body).not.toContain('secret')
    }
  })

  it('404s missing files and 405s other methods', async () => {
    expect((await raw(h.server.port, '/nope.js', { headers: auth })).status).toBe(404)
    expect((await raw(h.server.port, '/assets', { headers: auth })).status).toBe(404)
    expect((await raw(h.server.port, '/', { headers: auth, method: 'DELETE' })).status).toBe(405)
  })
})
