import { contentTypeOf } from './mime'

export interface Refusal {
  readonly ok: false
  readonly status: 400 | 403 | 404
  readonly reason: string
}

export type UrlPathResult = { readonly ok: true; readonly segments: readonly string[] } | Refusal

export function refuse(status: Refusal['status'], reason: string): Refusal {
  return { ok: false, status, reason }
}

/**
 * The file a URL path names, as segments below the root, or why it is refused. Lexical only:
 * `urlPath` is the still percent-encoded pathname. Refuses encoded separators (`%2f`, `%5c`),
 * malformed escapes, NUL, backslashes, colons (drive letters), `..` segments (also when encoded),
 * dot-files and unknown file types. A path ending in `/` names its `index.html`.
 */
export function parseUrlPath(urlPath: string): UrlPathResult {
  // Decoded, these would turn one segment into several after the `..` check has passed.
  if (/%(2f|5c)/i.test(urlPath)) return refuse(400, 'encoded separator')
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return refuse(400, 'malformed percent-encoding')
  }
  if (/[\0\\:]/.test(decoded)) return refuse(400, 'forbidden character in path')

  const all = decoded.split('/')
  if (all.includes('..')) return refuse(403, 'path traversal')
  if (all.some((s) => s.startsWith('.') && s !== '.')) return refuse(404, 'hidden file')

  const segments = all.filter((s) => s !== '' && s !== '.')
  const last = all.at(-1)
  if (segments.length === 0 || last === '' || last === '.') segments.push('index.html')
  if (contentTypeOf(segments.at(-1) ?? '') === null) return refuse(404, 'unknown file type')
  return { ok: true, segments }
}
