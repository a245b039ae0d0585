// Reading a file GPU Doctor finds on its own (settings, the run lock, CDI specs, history entries,
// certificates, /etc and /proc files): only a regular file, never more than a cap, never longer than
// a deadline. A FIFO where a file should be would block a read forever (and keep the process from
// exiting); a 300 MB settings.json would cost gigabytes as a string.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { open } from 'node:fs/promises'

/** Why a file was not read: `ENOTREG` (a FIFO, a folder, a device), `EFBIG` (over the cap), `ETIMEDOUT`, or the system's errno. */
export class FileReadError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
    message: string,
    /** For ENOTREG, what is there instead ("a FIFO (named pipe)"). */
    readonly detail: string | null = null,
  ) {
    super(message)
    this.name = 'FileReadError'
  }
}

export interface ReadRegularOptions {
  maxBytes: number
  /** Default 5 s: a file on a hung network mount must not hold a run. */
  timeoutMs?: number
}

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer. Not on Windows.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)
const CHUNK = 64 * 1024

function kindOf(stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (stat.isDirectory()) return 'a folder'
  if (stat.isFIFO()) return 'a FIFO (named pipe)'
  if (stat.isSocket()) return 'a socket'
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device'
  return 'not a regular file'
}

const notRegular = (path: string, kind: string) => new FileReadError('ENOTREG', path, `${path} is ${kind}, not a regular file`, kind)
const tooLarge = (path: string, maxBytes: number) => new FileReadError('EFBIG', path, `${path} is larger than the ${maxBytes} bytes read from it`)

function systemError(path: string, error: unknown): FileReadError {
  if (error instanceof FileReadError) return error
  const e = error as NodeJS.ErrnoException
  return new FileReadError(e.code ?? 'EIO', path, `cannot read ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a folder' : e.message}`)
}

/**
 * The bytes of a regular file, at most `maxBytes`; a FileReadError otherwise. The deadline is for a
 * read that stalls (a hung network mount): it ends the read when no step of it (open, stat, a chunk)
 * has completed for `timeoutMs`. Its timer fires in the event loop's timer phase, before the I/O that
 * completed meanwhile is seen, so a loop that was busy elsewhere (a loaded machine, a large parse)
 * would otherwise fail a read that had already finished: it looks again after that I/O (setImmediate).
 */
export async function readRegularFile(path: string, options: ReadRegularOptions): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 5_000
  let timer: NodeJS.Timeout | undefined
  let steps = 0
  let settled = false
  const deadline = new Promise<never>((_, reject) => {
    const arm = () => {
      const seen = steps
      timer = setTimeout(() => {
        setImmediate(() => {
          if (settled) return
          if (steps === seen) reject(new FileReadError('ETIMEDOUT', path, `reading ${path} took longer than ${timeoutMs / 1000} s`))
          else arm()
        })
      }, timeoutMs)
    }
    arm()
  })
  const read = readBounded(path, options.maxBytes, () => steps++)
  read.catch(() => {})
  deadline.catch(() => {})
  try {
    return await Promise.race([read, deadline])
  } finally {
    settled = true
    clearTimeout(timer)
  }
}

async function readBounded(path: string, maxBytes: number, stepDone: () => void): Promise<Buffer> {
  let handle
  try {
    handle = await open(path, OPEN_FLAGS)
    stepDone()
  } catch (error) {
    throw systemError(path, error)
  }
  try {
    const stat = await handle.stat()
    stepDone()
    if (!stat.isFile()) throw notRegular(path, kindOf(stat))
    if (stat.size > maxBytes) throw tooLarge(path, maxBytes)
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      // /proc files say size 0 and are read until EOF; one byte past the cap is enough to refuse.
      const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes - total + 1))
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
      stepDone()
      if (bytesRead === 0) break
      total += bytesRead
      if (total > maxBytes) throw tooLarge(path, maxBytes)
      chunks.push(chunk.subarray(0, bytesRead))
    }
    return Buffer.concat(chunks)
  } catch (error) {
    throw systemError(path, error)
  } finally {
    await handle.close().catch(() => {})
  }
}

/** The same, synchronously: for the few places that cannot wait (the run lock, /proc/PID/stat). */
export function readRegularFileSync(path: string, maxBytes: number): Buffer {
  let fd: number
  try {
    fd = openSync(path, OPEN_FLAGS)
  } catch (error) {
    throw systemError(path, error)
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw notRegular(path, kindOf(stat))
    if (stat.size > maxBytes) throw tooLarge(path, maxBytes)
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes - total + 1))
      const read = readSync(fd, chunk, 0, chunk.length, null)
      if (read === 0) break
      total += read
      if (total > maxBytes) throw tooLarge(path, maxBytes)
      chunks.push(chunk.subarray(0, read))
    }
    return Buffer.concat(chunks)
  } catch (error) {
    throw systemError(path, error)
  } finally {
    closeSync(fd)
  }
}

/** UTF-8 text of a regular file, without a leading byte-order mark (Windows editors write one). */
export async function readRegularText(path: string, options: ReadRegularOptions): Promise<string> {
  return stripBom((await readRegularFile(path, options)).toString('utf8'))
}

export function readRegularTextSync(path: string, maxBytes: number): string {
  return stripBom(readRegularFileSync(path, maxBytes).toString('utf8'))
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
