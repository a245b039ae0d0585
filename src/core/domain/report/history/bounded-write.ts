import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

import type { SaveFailure, SaveFailureReason } from '../../../../shared/history'

/** How long one save may take before it is given up (a hung network mount, a stalled disk). */
export const SAVE_TIMEOUT_MS = 10_000
/** Folders created at most below the first one that exists: a path deeper than this is refused, not walked. */
const MAX_NEW_LEVELS = 32

/** A save that failed, with the reason front ends translate and the path it was for. */
export class SaveFailedError extends Error {
  readonly code = 'save-failed'
  constructor(readonly failure: SaveFailure) {
    super(failure.message)
    this.name = 'SaveFailedError'
  }
}

function reasonOf(code: string | undefined): SaveFailureReason {
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'not-writable'
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return 'no-space'
  if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOENT' || code === 'EISDIR') return 'cannot-create-folder'
  if (code === 'ETIMEDOUT') return 'timeout'
  return 'other'
}

/** Any error of a save as a SaveFailure naming `path`. */
export function saveFailureOf(error: unknown, path: string): SaveFailure {
  if (error instanceof SaveFailedError) return error.failure
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
  const message = error instanceof Error ? error.message : String(error)
  return { reason: reasonOf(code), path, message: `Could not save the diagnosis to ${path}: ${message}` }
}

async function isDir(path: string): Promise<boolean | null> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return null
  }
}

/**
 * mkdir -p, one level at a time. Node 20's `mkdir(..., { recursive: true })` spins forever at full
 * CPU where mkdir says ENOENT under a parent that exists (/proc/nope): here that is an error at once.
 */
export async function ensureDir(dir: string, signal?: AbortSignal): Promise<void> {
  const missing: string[] = []
  let at = dir
  for (;;) {
    const exists = await isDir(at)
    if (exists === true) break
    if (exists === false) throw Object.assign(new Error(`${at} is a file, not a folder`), { code: 'ENOTDIR' })
    missing.push(at)
    const parent = dirname(at)
    if (parent === at || missing.length > MAX_NEW_LEVELS) throw Object.assign(new Error(`no existing folder above ${dir}`), { code: 'ENOENT' })
    at = parent
  }
  for (const level of missing.reverse()) {
    signal?.throwIfAborted()
    try {
      await mkdir(level, { mode: 0o700 })
    } catch (error) {
      // Another process made it in between: fine.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await isDir(level))) continue
      throw error
    }
  }
}

/**
 * Runs a save with a deadline and the caller's cancel: whichever comes first rejects with a
 * SaveFailedError. The work's own promise may go on in the background, but nothing waits for it.
 */
export function bounded<T>(work: (signal: AbortSignal) => Promise<T>, path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? SAVE_TIMEOUT_MS
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let onAbort: (() => void) | undefined
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new SaveFailedError({ reason: 'timeout', path, message: `Could not save the diagnosis to ${path}: no answer within ${timeoutMs / 1000} s.` }))
    }, timeoutMs)
    onAbort = () => {
      controller.abort()
      reject(new SaveFailedError({ reason: 'other', path, message: `Saving the diagnosis to ${path} was cancelled.` }))
    }
    if (options.signal?.aborted) onAbort()
    else options.signal?.addEventListener('abort', onAbort, { once: true })
  })
  const run = work(controller.signal).catch((error: unknown) => {
    throw new SaveFailedError(saveFailureOf(error, path))
  })
  return Promise.race([run, stopped]).finally(() => {
    clearTimeout(timer)
    if (onAbort) options.signal?.removeEventListener('abort', onAbort)
    // A late rejection of the losing side is expected and not an unhandled one.
    run.catch(() => undefined)
    stopped.catch(() => undefined)
  })
}
