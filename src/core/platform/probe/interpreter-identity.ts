import { createHash } from 'node:crypto'
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

/** A pyvenv.cfg is a few lines; more than this is read no further (the size still counts). */
const VENV_CONFIG_LIMIT = 64 * 1024

export interface InterpreterIdentity {
  /** The file that runs: every link resolved. */
  file: string
  /**
   * What it runs as (its argv[0]): the named entry inside its folder, the folder's links resolved.
   * Python finds its venv (pyvenv.cfg beside it or one folder up) and ._pth files from here, so a
   * venv's bin/python must run as itself, not as the file it links to.
   */
  runAs: string
  /** Equal for two paths that start the same interpreter: the same file, from the same folder, with the same venv settings. */
  key: string
  /** Equal for two paths that run the same file with the same venv settings, from whichever folder (for a list without duplicates). */
  program: string
}

/** A bare name ("python3") is found on PATH when it starts; only a path names one file. */
export const namesAPath = (python: string) => python.includes('/') || python.includes('\\')

/**
 * Who `python` is, read without running it, synchronously so that a check made right before a
 * start leaves no turn of the event loop between them. Null when it names no regular file.
 */
export function readInterpreterIdentity(python: string): InterpreterIdentity | null {
  if (!namesAPath(python)) return null
  try {
    const named = resolve(python)
    const folder = realpathSync(dirname(named))
    const runAs = join(folder, basename(named))
    const file = realpathSync(runAs)
    const stat = statSync(file)
    if (!stat.isFile()) return null
    const venv = [venvConfigMark(folder), venvConfigMark(dirname(folder))]
    return { file, runAs, key: JSON.stringify([file, stat.dev, stat.ino, folder, venv]), program: JSON.stringify([file, stat.dev, stat.ino, venv]) }
  } catch {
    return null
  }
}

/** The pyvenv.cfg Python would read in `folder`: which file and what it says ('none' when absent). */
function venvConfigMark(folder: string): string {
  let fd: number
  try {
    // Non-blocking: a FIFO planted under this name must not hang the check.
    fd = openSync(join(folder, 'pyvenv.cfg'), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : `unreadable:${(e as NodeJS.ErrnoException).code ?? ''}`
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return 'not-a-file'
    const buffer = Buffer.alloc(Math.min(stat.size, VENV_CONFIG_LIMIT))
    const read = buffer.length ? readSync(fd, buffer, 0, buffer.length, 0) : 0
    const digest = createHash('sha256').update(buffer.subarray(0, read)).digest('hex')
    return `${stat.dev}:${stat.ino}:${stat.size}:${digest}`
  } catch (e) {
    return `unreadable:${(e as NodeJS.ErrnoException).code ?? ''}`
  } finally {
    closeSync(fd)
  }
}
