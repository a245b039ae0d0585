import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'

import { sendText } from './headers'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/**
 * Maps a URL path to a file inside `root`, or null when it would leave it (`..`, encoded
 * separators, NUL) or names a type we do not serve. `root` must be absolute and real.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.')
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null
  const relative = segments.length === 0 ? 'index.html' : segments.join(sep)
  const full = resolve(root, relative)
  if (!full.startsWith(root + sep)) return null
  if (!(extname(full).toLowerCase() in CONTENT_TYPES)) return null
  return full
}

/** Serves one file from `root` (GET or HEAD); 404 for anything missing, outside or not a file. */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, head: boolean): Promise<void> {
  const candidate = resolveStaticPath(root, urlPath)
  if (!candidate) return sendText(res, 404, 'Not found')
  let real: string
  try {
    // Follow symlinks and check again: a link inside out/renderer must not reach outside it.
    real = await realpath(candidate)
    if (!real.startsWith(root + sep)) return sendText(res, 404, 'Not found')
    const info = await stat(real)
    if (!info.isFile()) return sendText(res, 404, 'Not found')
    const ext = extname(real).toLowerCase()
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': info.size,
      // index.html names the hashed assets; it must never be cached. Assets are revalidated.
      'Cache-Control': ext === '.html' ? 'no-store' : 'no-cache',
    })
  } catch {
    return sendText(res, 404, 'Not found')
  }
  if (head) {
    res.end()
    return
  }
  const stream = createReadStream(real)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
