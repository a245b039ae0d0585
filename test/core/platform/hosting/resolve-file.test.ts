import { realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resolveHostedFile } from '../../../../src/core/platform/hosting'
import { makeRendererDir, type RendererFixture } from './fixture'

describe('resolveHostedFile', () => {
  let fx: RendererFixture
  let root: string
  beforeAll(async () => {
    fx = await makeRendererDir()
    root = await realpath(fx.root)
  })
  afterAll(() => fx.close())

  it('serves index.html for the root and for folders, with type, size and mtime', async () => {
    expect(await resolveHostedFile(fx.root, '/')).toEqual({
      ok: true,
      filePath: join(root, 'index.html'),
      contentType: 'text/html; charset=utf-8',
      size: 40,
      mtimeMs: (await stat(join(root, 'index.html'))).mtimeMs,
    })
    expect(await resolveHostedFile(fx.root, '/sub/')).toMatchObject({ ok: true, filePath: join(root, 'sub', 'index.html') })
  })

  it('serves assets with their type', async () => {
    expect(await resolveHostedFile(fx.root, '/assets/app.js')).toMatchObject({
      ok: true,
      filePath: join(root, 'assets', 'app.js'),
      contentType: 'text/javascript; charset=utf-8',
    })
    expect(await resolveHostedFile(fx.root, '/assets/app.css')).toMatchObject({ contentType: 'text/css; charset=utf-8' })
  })

  it('follows a symlink that stays inside the root', async () => {
    expect(await resolveHostedFile(fx.root, '/alias.js')).toMatchObject({ ok: true, filePath: join(root, 'assets', 'app.js') })
  })

  it.each(['/assets/link.txt', '/up/secret.txt'])('refuses the symlink %s that points out of the root', async (path) => {
    expect(await resolveHostedFile(fx.root, path)).toMatchObject({ ok: false, status: 403, reason: 'outside the root' })
  })

  it('refuses a symlink inside the root to a type it does not serve', async () => {
    expect(await resolveHostedFile(fx.root, '/script.js')).toMatchObject({ ok: false, status: 404, reason: 'unknown file type' })
  })

  it('refuses missing files, folders named like files and a missing root with 404', async () => {
    expect(await resolveHostedFile(fx.root, '/nope.js')).toMatchObject({ ok: false, status: 404 })
    expect(await resolveHostedFile(fx.root, '/folder.js')).toMatchObject({ ok: false, status: 404, reason: 'not a file' })
    expect(await resolveHostedFile(join(fx.root, 'missing'), '/index.html')).toMatchObject({ ok: false, status: 404 })
  })

  it('refuses traversal before touching the file system', async () => {
    for (const path of ['/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/a%5c..%5csecret.txt', '/secret.txt%00.js']) {
      const result = await resolveHostedFile(join(fx.root, 'assets'), path)
      expect(result.ok, path).toBe(false)
    }
  })
})
