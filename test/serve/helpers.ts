import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { startServer, type RunningServer, type ServeOptions } from '../../src/serve'
import { FakeCore } from './fake-core'

export const TOKEN = 'a'.repeat(64)

export interface Harness {
  core: FakeCore
  server: RunningServer
  base: string
  dir: string
  close(): Promise<void>
}

/** ~20 KB of JavaScript, as a Vite build would name it: compressible and content-hashed. */
export const HASHED_JS = 'assets/index-CLjd_a-9.js'
export const HASHED_JS_TEXT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7} // line ${i}\n`).join('')
/** An image: sent as it is, compressed or not asked. */
export const HASHED_PNG = 'assets/logo-Bx3kP0qZ.png'
export const HASHED_PNG_BYTES = Buffer.alloc(4096, 7)
/** A non-hashed, compressible file next to index.html. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(80)}</svg>`

/**
 * A renderer directory with an index, small assets, hashed ones as Vite names them, a secret next
 * to it and a symlink out of it.
 */
export async function startHarness(options: Pick<ServeOptions, 'eventLimits'> = {}): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-serve-'))
  const root = join(dir, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>GPU Doctor</title>')
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'app.css'), 'body{}')
  await writeFile(join(root, HASHED_JS), HASHED_JS_TEXT)
  await writeFile(join(root, HASHED_PNG), HASHED_PNG_BYTES)
  await writeFile(join(root, 'favicon.svg'), FAVICON_SVG)
  await writeFile(join(dir, 'secret.txt'), 'secret')
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'))
  const core = new FakeCore()
  const server = await startServer({ core, rendererDir: root, token: TOKEN, ...options })
  return {
    core,
    server,
    base: `http://127.0.0.1:${server.port}`,
    dir,
    async close() {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The body as received, before any Content-Encoding is undone. */
  bytes: Buffer
}

/** node:http, not fetch: fetch forbids setting Host and normalises paths, which these tests need. */
export function raw(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes })
        })
      },
    )
    req.on('error', reject)
    if (opts.body !== undefined) req.write(opts.body)
    req.end()
  })
}

export const auth = { Authorization: `Bearer ${TOKEN}` }
