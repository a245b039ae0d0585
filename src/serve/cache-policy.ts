import { isAbsolute, relative, sep } from 'node:path'

/** A year, the longest max-age caches honour: the name changes whenever the content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Vite's build output: `assets/<name>-<hash>.<ext>`, the hash 8 characters of base64url
 * (`index-CLjdQate.js`, `rolldown-runtime-WkwZ5CU-.js`). Only Vite writes to assets/.
 */
const HASHED_ASSET = /^[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/

/** Whether `filePath` (real, under the real `root`) is a content-hashed file in the root's assets/. */
export function isHashedAsset(root: string, filePath: string): boolean {
  const rel = relative(root, filePath)
  if (rel.startsWith('..') || isAbsolute(rel)) return false
  const parts = rel.split(sep)
  return parts.length === 2 && parts[0] === 'assets' && HASHED_ASSET.test(parts[1] ?? '')
}

/**
 * index.html names the hashed assets, so it is never stored: a reload always sees the current
 * build. Hashed assets never change under their name. Anything else is revalidated (ETag).
 */
export function cacheControlFor(root: string, filePath: string, contentType: string): string {
  if (contentType.startsWith('text/html')) return 'no-store'
  return isHashedAsset(root, filePath) ? IMMUTABLE : 'no-cache'
}

/** A weak validator from size and mtime: it stands for every Content-Encoding of the file. */
export function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`
}

/** If-None-Match against `etag` with the weak comparison (RFC 9110 13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const want = opaque(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === want)
}
