import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { cacheControlFor, etagOf, IMMUTABLE, isHashedAsset, matchesIfNoneMatch } from '../../src/serve/cache-policy'
import { createCompressionCache, isCompressible, negotiateEncoding } from '../../src/serve/compression'

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['BR;Q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0', null],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(expected)
  })
})

describe('isCompressible', () => {
  it('takes text-like types, not images or fonts', () => {
    for (const t of ['text/html; charset=utf-8', 'text/javascript; charset=utf-8', 'text/css; charset=utf-8', 'application/json; charset=utf-8', 'application/manifest+json', 'image/svg+xml', 'text/plain; charset=utf-8']) {
      expect(isCompressible(t), t).toBe(true)
    }
    for (const t of ['image/png', 'image/jpeg', 'image/webp', 'font/woff2', 'font/woff', 'image/x-icon']) expect(isCompressible(t), t).toBe(false)
  })
})

describe('cache policy', () => {
  const root = join(tmpdir(), 'renderer')
  it('knows Vite-hashed files in assets/ only', () => {
    for (const name of ['index-CLjdQate.js', 'rolldown-runtime-WkwZ5CU-.js', 'index-Fbj8xC3i.css', 'size-and-age-format-v2StLFzD.css', 'font-AbCd_-12.woff2']) {
      expect(isHashedAsset(root, join(root, 'assets', name)), name).toBe(true)
    }
    for (const path of [join(root, 'index.html'), join(root, 'favicon.svg'), join(root, 'assets', 'app.js'), join(root, 'assets', 'index-short.js'), join(root, 'index-CLjdQate.js'), join(root, 'assets', 'sub', 'index-CLjdQate.js'), join(root, '..', 'assets', 'index-CLjdQate.js')]) {
      expect(isHashedAsset(root, path), path).toBe(false)
    }
  })

  it('never caches HTML, caches hashed assets for a year, revalidates the rest', () => {
    expect(cacheControlFor(root, join(root, 'index.html'), 'text/html; charset=utf-8')).toBe('no-store')
    expect(cacheControlFor(root, join(root, 'assets', 'page-CLjdQate.html'), 'text/html; charset=utf-8')).toBe('no-store')
    expect(cacheControlFor(root, join(root, 'assets', 'index-CLjdQate.js'), 'text/javascript; charset=utf-8')).toBe(IMMUTABLE)
    expect(cacheControlFor(root, join(root, 'favicon.svg'), 'image/svg+xml')).toBe('no-cache')
  })

  it('matches If-None-Match weakly, in lists and with *', () => {
    const etag = etagOf(1069, 1_700_000_000_123.4)
    expect(etag).toBe('W/"42d-18bcfe5687b"')
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false)
    expect(matchesIfNoneMatch(etag, etag)).toBe(true)
    expect(matchesIfNoneMatch('"42d-18bcfe5687b"', etag)).toBe(true)
    expect(matchesIfNoneMatch('W/"x", W/"42d-18bcfe5687b"', etag)).toBe(true)
    expect(matchesIfNoneMatch('*', etag)).toBe(true)
    expect(matchesIfNoneMatch('W/"42d-0"', etag)).toBe(false)
  })
})

describe('compression cache', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-compress-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  async function file(name: string, text: string | Buffer) {
    const filePath = join(dir, name)
    await writeFile(filePath, text)
    const info = await stat(filePath)
    return { filePath, size: info.size, mtimeMs: info.mtimeMs }
  }

  it('compresses each file once per coding, concurrent requests included', async () => {
    const cache = createCompressionCache()
    const text = 'const x = 1\n'.repeat(2000)
    const f = await file('a.js', text)
    const [one, two] = await Promise.all([cache.get(f, 'br'), cache.get(f, 'br')])
    expect(one).not.toBeNull()
    expect(two).toBe(one)
    expect(await cache.get(f, 'br')).toBe(one)
    expect(brotliDecompressSync(one as Buffer).toString('utf8')).toBe(text)
    const gz = await cache.get(f, 'gzip')
    expect(gunzipSync(gz as Buffer).toString('utf8')).toBe(text)
    expect(cache.heldBytes).toBe((one as Buffer).length + (gz as Buffer).length)
  })

  it('keeps what is too small, incompressible or gone out', async () => {
    const cache = createCompressionCache()
    expect(await cache.get(await file('small.js', 'x'.repeat(100)), 'br')).toBeNull()
    const random = randomBytes(4096)
    expect(await cache.get(await file('random.bin', random), 'gzip')).toBeNull()
    expect(await cache.get({ filePath: join(dir, 'missing.js'), size: 5000, mtimeMs: 1 }, 'br')).toBeNull()
    expect(cache.heldBytes).toBe(0)
  })

  it('stays under its byte cap, dropping the least recently used', async () => {
    const sizes: number[] = []
    const files = []
    for (let i = 0; i < 4; i++) {
      const f = await file(`f${i}.js`, `let v${i} = ${i}; // ${'abcdefghij'.repeat(i + 1)}\n`.repeat(400))
      files.push(f)
      sizes.push(((await createCompressionCache().get(f, 'gzip')) as Buffer).length)
    }
    const cap = sizes[0]! + sizes[1]! + sizes[2]!
    const cache = createCompressionCache(cap)
    for (const f of files.slice(0, 3)) await cache.get(f, 'gzip')
    expect(cache.heldBytes).toBe(cap)
    await cache.get(files[0]!, 'gzip') // used again: now the most recent
    await cache.get(files[3]!, 'gzip')
    expect(cache.heldBytes).toBeLessThanOrEqual(cap)
    // f1 was the least recently used; f0 survived, so it comes back as the very same buffer.
    const f0 = await cache.get(files[0]!, 'gzip')
    expect(await cache.get(files[0]!, 'gzip')).toBe(f0)
  })
})
