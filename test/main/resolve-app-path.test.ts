import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { resolveAppPath } from '../../src/main/resolve-app-path'

const root = resolve('/srv/gpu-doctor/out/renderer')

describe('resolveAppPath', () => {
  it('serves index.html for the root and for directories', () => {
    expect(resolveAppPath(root, 'app://gpu-doctor/')).toEqual({
      ok: true,
      filePath: join(root, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    })
    expect(resolveAppPath(root, 'app://gpu-doctor')).toMatchObject({ ok: true, filePath: join(root, 'index.html') })
    expect(resolveAppPath(root, 'app://gpu-doctor/sub/')).toMatchObject({ ok: true, filePath: join(root, 'sub', 'index.html') })
  })

  it('serves built assets with their content type, ignoring query and hash', () => {
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/index-abc123.js?v=1#x')).toEqual({
      ok: true,
      filePath: join(root, 'assets', 'index-abc123.js'),
      contentType: 'text/javascript; charset=utf-8',
    })
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/a.css')).toMatchObject({ contentType: 'text/css; charset=utf-8' })
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/f.WOFF2')).toMatchObject({ contentType: 'font/woff2' })
  })

  it('decodes percent-escapes in names', () => {
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/my%20icon.svg')).toMatchObject({
      ok: true,
      filePath: join(root, 'assets', 'my icon.svg'),
    })
  })

  it.each([
    'app://gpu-doctor/assets/..%2f..%2f..%2fetc%2fpasswd.txt',
    'app://gpu-doctor/assets/%2E%2E%2Fsecret.json',
    'app://gpu-doctor/a/..%2F..%2F..%2Fmain%2Findex.js',
  ])('refuses traversal %s', (url) => {
    const result = resolveAppPath(root, url)
    expect(result.ok).toBe(false)
    expect(result).toMatchObject({ status: 403 })
  })

  it('never resolves outside the root, whatever the URL parser already normalised', () => {
    // The WHATWG parser folds literal "/../" before we see the path: it must land inside the root.
    // It also treats "%2e%2e" as "..".
    for (const url of ['app://gpu-doctor/../../../etc/hosts.txt', 'app://gpu-doctor/%2e%2e/%2E%2E/etc/hosts.txt']) {
      expect(resolveAppPath(root, url)).toMatchObject({ ok: true, filePath: join(root, 'etc', 'hosts.txt') })
    }
  })

  it.each([
    ['app://gpu-doctor/..%5c..%5cwindows%5cwin.ini', 400],
    ['app://gpu-doctor/C:%5cWindows%5cwin.ini', 400],
    ['app://gpu-doctor/c%3a/x.js', 400],
    ['app://gpu-doctor/index.html%00.js', 400],
    ['app://gpu-doctor/%E0%A4%A', 400],
  ] as const)('refuses malformed or dangerous path %s', (url, status) => {
    expect(resolveAppPath(root, url)).toMatchObject({ ok: false, status })
  })

  it.each([
    'https://gpu-doctor/index.html',
    'file:///srv/gpu-doctor/out/renderer/index.html',
    'app://evil/index.html',
    'app://gpu-doctor.evil/index.html',
    'app://user:pw@gpu-doctor/index.html',
  ])('refuses a foreign origin or credentials: %s', (url) => {
    expect(resolveAppPath(root, url)).toMatchObject({ ok: false, status: 403 })
  })

  it('refuses dot-files and unknown types with 404', () => {
    expect(resolveAppPath(root, 'app://gpu-doctor/.env.json')).toMatchObject({ ok: false, status: 404 })
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/.hidden/x.js')).toMatchObject({ ok: false, status: 404 })
    expect(resolveAppPath(root, 'app://gpu-doctor/assets/index.js.map')).toMatchObject({ ok: false, status: 404 })
    expect(resolveAppPath(root, 'app://gpu-doctor/run.sh')).toMatchObject({ ok: false, status: 404 })
  })

  it('refuses what is not a URL', () => {
    expect(resolveAppPath(root, 'index.html')).toMatchObject({ ok: false, status: 400 })
  })
})
