import { realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'

import { contentTypeOf } from './mime'
import { parseUrlPath, refuse, type Refusal } from './url-path'

export interface HostedFile {
  readonly ok: true
  /** Real path (symlinks resolved) inside the real root. */
  readonly filePath: string
  readonly contentType: string
  readonly size: number
  /** Last modification, ms since the epoch (with size, what a cache of the file's bytes keys on). */
  readonly mtimeMs: number
}

export type HostedFileResult = HostedFile | Refusal

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/**
 * Maps a URL path (still percent-encoded) to a regular file under `root`, or says why not.
 * Symlinks are followed and the target checked again, so a link inside the root cannot reach out.
 */
export async function resolveHostedFile(root: string, urlPath: string): Promise<HostedFileResult> {
  const parsed = parseUrlPath(urlPath)
  if (!parsed.ok) return parsed
  let realRoot: string
  let real: string
  try {
    realRoot = await realpath(root)
    real = await realpath(join(realRoot, ...parsed.segments))
  } catch {
    return refuse(404, 'not found')
  }
  if (!isInside(realRoot, real)) return refuse(403, 'outside the root')
  const contentType = contentTypeOf(real)
  if (contentType === null) return refuse(404, 'unknown file type')
  try {
    const info = await stat(real)
    if (!info.isFile()) return refuse(404, 'not a file')
    return { ok: true, filePath: real, contentType, size: info.size, mtimeMs: info.mtimeMs }
  } catch {
    return refuse(404, 'not found')
  }
}
