import { describe, expect, it } from 'vitest'

import { parseUrlPath } from '../../../../src/core/platform/hosting'

describe('parseUrlPath', () => {
  it.each([
    ['/', ['index.html']],
    ['', ['index.html']],
    ['/sub/', ['sub', 'index.html']],
    ['/sub/.', ['sub', 'index.html']],
    ['/assets/index-abc123.js', ['assets', 'index-abc123.js']],
    ['//assets/./a.js', ['assets', 'a.js']],
    ['/assets/my%20icon.svg', ['assets', 'my icon.svg']],
    ['/assets/f.WOFF2', ['assets', 'f.WOFF2']],
  ])('maps %s inside the root', (path, segments) => {
    expect(parseUrlPath(path)).toEqual({ ok: true, segments })
  })

  it.each([
    ['/../x.js', 403],
    ['/assets/../../x.js', 403],
    ['/%2e%2e/x.js', 403],
    ['/%2E%2E/%2e%2e/etc/hosts.txt', 403],
    ['/.%2e/x.js', 403],
  ] as const)('refuses traversal %s', (path, status) => {
    expect(parseUrlPath(path)).toMatchObject({ ok: false, status, reason: 'path traversal' })
  })

  it.each([
    '/..%2fx.js',
    '/assets/..%2F..%2F..%2Fetc%2Fpasswd.txt',
    '/a%2fb.js',
    '/a%5c..%5cx.js',
    '/..%5C..%5Cwindows%5Cwin.ini',
  ])('refuses an encoded separator in %s', (path) => {
    expect(parseUrlPath(path)).toMatchObject({ ok: false, status: 400, reason: 'encoded separator' })
  })

  it.each(['/a\\..\\x.js', '/index.html%00.js', '/a%00.js', '/C:/Windows/win.ini', '/c%3a/x.js'])(
    'refuses NUL, backslashes and drive letters: %s',
    (path) => {
      expect(parseUrlPath(path)).toMatchObject({ ok: false, status: 400, reason: 'forbidden character in path' })
    },
  )

  it('refuses malformed percent-encoding', () => {
    expect(parseUrlPath('/%E0%A4%A')).toMatchObject({ ok: false, status: 400, reason: 'malformed percent-encoding' })
  })

  it.each(['/.env', '/.env.json', '/assets/.hidden/x.js'])('refuses the dot-file %s', (path) => {
    expect(parseUrlPath(path)).toMatchObject({ ok: false, status: 404, reason: 'hidden file' })
  })

  it.each(['/x.exe', '/run.sh', '/assets/noext', '/sub'])('refuses the unknown type of %s', (path) => {
    expect(parseUrlPath(path)).toMatchObject({ ok: false, status: 404, reason: 'unknown file type' })
  })
})
