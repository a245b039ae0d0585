// Maps an app://gpu-doctor/ request to a file under the renderer folder, or refuses it.
// Pure (node:path only), so traversal attempts are tested without Electron.
import { extname, posix, resolve, sep } from 'node:path'

import { APP_HOST, APP_SCHEME } from './app-url'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
}

export type AppPathResult =
  | { readonly ok: true; readonly filePath: string; readonly contentType: string }
  | { readonly ok: false; readonly status: 400 | 403 | 404; readonly reason: string }

/**
 * Resolves `requestUrl` (`app://gpu-doctor/…`) against `rootDir`. Refuses other hosts, malformed
 * escapes, `..` segments (also when percent-encoded), backslashes, drive letters, NUL, dot-files
 * and unknown file types; `/` serves `index.html`. `rootDir` must be absolute.
 */
export function resolveAppPath(rootDir: string, requestUrl: string): AppPathResult {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return refuse(400, 'not a URL')
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) {
    return refuse(403, 'foreign origin')
  }
  if (url.username !== '' || url.password !== '') return refuse(403, 'credentials in URL')

  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return refuse(400, 'malformed percent-encoding')
  }
  if (/[\0\\:]/.test(decoded)) return refuse(400, 'forbidden character in path')

  const segments = decoded.split('/')
  if (segments.includes('..')) return refuse(403, 'path traversal')
  if (segments.some((s) => s.startsWith('.') && s !== '.')) return refuse(404, 'hidden file')

  let relative = posix.normalize(`/${decoded}`)
  if (relative.endsWith('/')) relative += 'index.html'

  const root = resolve(rootDir)
  const filePath = resolve(root, `.${relative}`)
  if (!filePath.startsWith(root + sep)) return refuse(403, 'outside the renderer folder')

  const contentType = CONTENT_TYPES[extname(filePath).toLowerCase()]
  if (contentType === undefined) return refuse(404, 'unknown file type')
  return { ok: true, filePath, contentType }
}

function refuse(status: 400 | 403 | 404, reason: string): AppPathResult {
  return { ok: false, status, reason }
}
