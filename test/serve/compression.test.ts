import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SECURITY_HEADERS } from '../../src/core/platform/hosting'
import { IMMUTABLE } from '../../src/serve/cache-policy'
import {
  auth,
  FAVICON_SVG,
  HASHED_JS,
  HASHED_JS_TEXT,
  HASHED_PNG,
  HASHED_PNG_BYTES,
  raw,
  startHarness,
  type Harness,
  type RawResponse,
} from './helpers'

const BIG_HTML = `<!doctype html><title>GPU Doctor</title>${'<p>GPU Doctor page</p>\n'.repeat(100)}`

function expectSecurityHeaders(res: RawResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name.toLowerCase()], name).toBe(value)
}

describe('serve: compression and caching', () => {
  let h: Harness
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    raw(h.server.port, path, { method, headers: { ...auth, ...headers } })

  beforeAll(async () => {
    h = await startHarness()
    await writeFile(join(h.dir, 'renderer', 'big.html'), BIG_HTML)
  })
  afterAll(() => h.close())

  it('sends a hashed JS asset brotli-encoded, immutable, varying on Accept-Encoding', async () => {
    const res = await get(`/${HASHED_JS}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['vary']).toBe('Accept-Encoding')
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length)
    expect(res.bytes.length).toBeLessThan(Buffer.byteLength(HASHED_JS_TEXT) / 3)
    expect(brotliDecompressSync(res.bytes).equals(Buffer.from(HASHED_JS_TEXT))).toBe(true)
    expectSecurityHeaders(res)
  })

  it('sends gzip to a browser that accepts only gzip, and the same bytes again from memory', async () => {
    const first = await get(`/${HASHED_JS}`, { 'Accept-Encoding': 'gzip' })
    expect(first.headers['content-encoding']).toBe('gzip')
    expect(first.headers['cache-control']).toBe(IMMUTABLE)
    expect(first.headers['vary']).toBe('Accept-Encoding')
    expect(Number(first.headers['content-length'])).toBe(first.bytes.length)
    expect(gunzipSync(first.bytes).toString('utf8')).toBe(HASHED_JS_TEXT)
    const again = await get(`/${HASHED_JS}`, { 'Accept-Encoding': 'gzip' })
    expect(again.bytes.equals(first.bytes)).toBe(true)
  })

  it('sends the file as it is without Accept-Encoding, or when every coding is refused', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const res = await get(`/${HASHED_JS}`, headers)
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined()
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(HASHED_JS_TEXT)))
      expect(res.body).toBe(HASHED_JS_TEXT)
      expect(res.headers['cache-control']).toBe(IMMUTABLE)
      expect(res.headers['vary']).toBe('Accept-Encoding')
    }
  })

  it('answers HEAD with the headers a GET would get and no body', async () => {
    const get_ = await get(`/${HASHED_JS}`, { 'Accept-Encoding': 'br' })
    const head = await get(`/${HASHED_JS}`, { 'Accept-Encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.bytes.length).toBe(0)
    for (const name of ['content-encoding', 'content-length', 'content-type', 'cache-control', 'vary', 'etag']) {
      expect(head.headers[name], name).toBe(get_.headers[name])
    }
    const plain = await get(`/${HASHED_JS}`, {}, 'HEAD')
    expect(plain.bytes.length).toBe(0)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(HASHED_JS_TEXT)))
  })

  it('never compresses images (already compressed) but still caches hashed ones for good', async () => {
    const res = await get(`/${HASHED_PNG}`, { 'Accept-Encoding': 'br, gzip' })
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['vary']).toBeUndefined()
    expect(res.bytes.equals(HASHED_PNG_BYTES)).toBe(true)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('sends files under 1 KB as they are', async () => {
    const res = await get('/assets/app.js', { 'Accept-Encoding': 'br, gzip' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('console.log(1)')
  })

  it('never lets index.html be cached, compressed or not, and keeps its security headers', async () => {
    for (const path of ['/', '/index.html', '/big.html']) {
      for (const headers of [{}, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }] as Record<string, string>[]) {
        const res = await get(path, headers)
        expect(res.status, path).toBe(200)
        expect(res.headers['cache-control'], path).toBe('no-store')
        expect(res.headers['etag'], path).toBeUndefined()
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
        expectSecurityHeaders(res)
      }
    }
    const big = await get('/big.html', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(big.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(big.bytes).toString('utf8')).toBe(BIG_HTML)
    // Even a page load that brings the token in the query stays uncached.
    const withToken = await raw(h.server.port, `/?token=${h.server.token}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(withToken.headers['cache-control']).toBe('no-store')
  })

  it('revalidates non-hashed files with an ETag: 304 with no body when unchanged', async () => {
    const first = await get('/favicon.svg', { 'Accept-Encoding': 'gzip' })
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(first.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(first.bytes).toString('utf8')).toBe(FAVICON_SVG)
    const etag = String(first.headers['etag'])
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    const again = await get('/favicon.svg', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.bytes.length).toBe(0)
    expect(again.headers['etag']).toBe(etag)
    expectSecurityHeaders(again)
    const other = await get('/favicon.svg', { 'If-None-Match': 'W/"0-0"' })
    expect(other.status).toBe(200)
    expect(other.body).toBe(FAVICON_SVG)
  })

  it('serves a file rewritten on disk as it is now, not from the memory cache', async () => {
    const path = join(h.dir, 'renderer', 'assets', 'later-Ab12Cd34.css')
    const v1 = `.a{color:red}\n`.repeat(200)
    const v2 = `.b{color:blue}\n`.repeat(300)
    await writeFile(path, v1)
    const one = await get('/assets/later-Ab12Cd34.css', { 'Accept-Encoding': 'br' })
    expect(brotliDecompressSync(one.bytes).toString('utf8')).toBe(v1)
    await writeFile(path, v2)
    const two = await get('/assets/later-Ab12Cd34.css', { 'Accept-Encoding': 'br' })
    expect(brotliDecompressSync(two.bytes).toString('utf8')).toBe(v2)
  })

  it('still refuses path traversal, whatever the Accept-Encoding', async () => {
    for (const p of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/link.txt']) {
      const res = await get(p, { 'Accept-Encoding': 'br, gzip' })
      expect(res.status, p).toBeGreaterThanOrEqual(400)
      expect(res.headers['content-encoding'], p).toBeUndefined()
      expect(res.body, p).not.toContain('secret')
      expectSecurityHeaders(res)
    }
  })
})
