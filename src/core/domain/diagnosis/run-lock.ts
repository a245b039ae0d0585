import { closeSync, existsSync, lstatSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'

import { FileReadError, readRegularTextSync } from '../../platform/files/read-regular'
import { pidAlive } from '../../platform/process/pid-alive'
import { type Clock, realClock } from '../../platform/util/clock'

/**
 * Two diagnoses at once on one GPU spoil each other's load and timings. One lock file in the data
 * directory, created with O_EXCL, says who runs: the CLI, the app and serve all take it. A lock whose
 * process is gone (killed, crashed) is taken over; one whose PID now belongs to another program is
 * told apart by the process start time (Linux).
 */
export const LOCK_FILE = 'diagnosis.lock'

export interface LockHolder {
  pid: number
  host: string
  /** ISO time the holder took the lock. */
  since: string
  /** The holder's start time in clock ticks since boot (/proc/PID/stat field 22), Linux only. */
  processStart: string | null
}

/**
 * Another diagnosis holds the lock and did not finish in time (or waiting was not wanted). `holder`
 * is null when its lock file is there but not written yet (a run between creating and writing it).
 */
export class DiagnosisBusyError extends Error {
  readonly code = 'diagnosis-busy'
  constructor(
    readonly holder: LockHolder | null,
    readonly path = '',
  ) {
    super(
      holder
        ? `Another diagnosis is running (PID ${holder.pid} on ${holder.host}, since ${holder.since}); two at once would spoil each other's GPU load and timings. Wait for it to finish, or end it.`
        : `Another diagnosis is just starting (its lock file ${path} is not written yet). Nothing was run: try again in a few seconds.`,
    )
    this.name = 'DiagnosisBusyError'
  }

  get details(): Record<string, string> {
    return this.holder ? { pid: String(this.holder.pid), host: this.holder.host, since: this.holder.since } : { path: this.path }
  }
}

/**
 * A lock left by a run that has ended, which this process cannot remove: a folder or a FIFO where
 * the lock file should be, or a file in a folder it may not write (a data folder left by a root run).
 * Waiting would never end, so the run is refused at once with what to remove.
 */
export class DiagnosisLockStuckError extends Error {
  readonly code = 'diagnosis-lock-stuck'
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`The diagnosis lock ${path} was left by a run that has ended, but it cannot be removed (${why}). Remove it (sudo rm -r '${path}') and run again.`)
    this.name = 'DiagnosisLockStuckError'
  }

  get details(): Record<string, string> {
    return { path: this.path, why: this.why }
  }
}

/** A lock file is one line of JSON; anything larger is not one. */
const LOCK_MAX_BYTES = 4096

export interface LockOptions {
  dir: string
  /** How long to wait for the holder to finish; 0 refuses at once. */
  waitMs: number
  signal?: AbortSignal
  /** Called once, when the lock is found held and waiting begins. */
  onWait?: (holder: LockHolder) => void
  pollMs?: number
  /** What the wait is measured and slept on; default the real clock. */
  clock?: Clock
}

export interface HeldLock {
  release: () => void
  /** Why no lock file could be written (a read-only or missing data folder): the run goes on unguarded. */
  unguarded: string | null
}

/** `/proc/PID/stat`'s start time; null off Linux or when the process is gone. */
function processStart(pid: number): string | null {
  try {
    const stat = readRegularTextSync(`/proc/${pid}/stat`, LOCK_MAX_BYTES)
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

type LockFile = { kind: 'file'; holder: LockHolder | null } | { kind: 'gone' } | { kind: 'not-a-file'; what: string }

/** What is at the lock path: a lock file (its holder, null when unreadable), nothing, or something else. */
function readLock(path: string): LockFile {
  let text: string
  try {
    text = readRegularTextSync(path, LOCK_MAX_BYTES)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'gone' }
    if (error instanceof FileReadError && error.code === 'ENOTREG') return { kind: 'not-a-file', what: error.detail ?? 'not a regular file' }
    return { kind: 'file', holder: null }
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return { kind: 'file', holder: null }
    return { kind: 'file', holder: { pid: parsed.pid, host: parsed.host, since: String(parsed.since ?? '?'), processStart: typeof parsed.processStart === 'string' ? parsed.processStart : null } }
  } catch {
    return { kind: 'file', holder: null }
  }
}

const readHolder = (path: string): LockHolder | null => {
  const lock = readLock(path)
  return lock.kind === 'file' ? lock.holder : null
}

/**
 * Whether a lock's holder is gone: dead, its PID reused by another program, or a holder no run of
 * GPU Doctor writes (PID 0 or below, which kill() reads as "my process group" or "every process";
 * no start time where /proc gives one, as for PID 1, always alive). Locks of other hosts (a shared
 * home) are trusted.
 */
function isStale(holder: LockHolder | null, path: string): boolean {
  if (!holder) {
    // Unreadable: a writer cut short between create and write, or damage. Give a live writer a moment.
    try {
      return Date.now() - statSync(path).mtimeMs > 5_000
    } catch {
      return true
    }
  }
  if (holder.host !== hostname()) return false
  if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0) return true
  if (holder.pid === process.pid) return false
  if (!pidAlive(holder.pid)) return true
  const start = processStart(holder.pid)
  // Where /proc answers, every holder wrote its start time: one without it cannot be checked, so it is not trusted.
  if (holder.processStart === null) return start !== null
  return start !== null && start !== holder.processStart
}

function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o644)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'ENOENT') throw error
    makeFolders(dirname(path))
    fd = openSync(path, 'wx', 0o644)
  }
  const text = Buffer.from(JSON.stringify(holder))
  try {
    // A full disk (ENOSPC, a quota, a file size limit) fails the write after the create: the empty
    // file would read as a lock nobody holds, so it goes, and the run goes on unguarded.
    const written = writeSync(fd, text)
    if (written !== text.length) throw Object.assign(new Error(`the lock file ${path} could not be written whole (${written} of ${text.length} bytes: is the disk full?)`), { code: 'ENOSPC' })
  } catch (error) {
    closeSync(fd)
    rmQuiet(path)
    throw error
  }
  closeSync(fd)
  return true
}

/**
 * Takes the diagnosis lock, waiting up to `waitMs` for a live holder. Throws DiagnosisBusyError
 * when the wait runs out, and returns early (without the lock: check `signal.aborted`) on cancel.
 */
export async function acquireRunLock(options: LockOptions): Promise<HeldLock | null> {
  const path = join(options.dir, LOCK_FILE)
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), processStart: processStart(process.pid) }
  const clock = options.clock ?? realClock
  const deadline = clock.now() + options.waitMs
  let told = false
  for (;;) {
    // Every turn yields to the event loop, so a cancel, SIGTERM or a server's other clients get their turn.
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (options.signal?.aborted) return null
    let created: boolean
    try {
      created = tryCreate(path, mine)
    } catch (error) {
      // A folder that cannot hold the lock must not stop the diagnosis itself.
      return { release: () => {}, unguarded: error instanceof Error ? error.message : String(error) }
    }
    if (created) break
    const lock = readLock(path)
    if (lock.kind === 'gone') continue
    // A folder or FIFO is no lock GPU Doctor wrote, and is not removed for the user: they are told.
    if (lock.kind === 'not-a-file') throw new DiagnosisLockStuckError(path, lock.what)
    const holder = lock.holder
    if (isStale(holder, path)) {
      // Remove only the stale file we judged: a rival may have taken it over in between.
      if (sameHolder(readHolder(path), holder)) removeStale(path)
      continue
    }
    if (clock.now() >= deadline) throw new DiagnosisBusyError(holder, path)
    // An unwritten lock names no one to wait for: it is looked at again until written or stale.
    if (!told && holder) {
      options.onWait?.(holder)
      told = true
    }
    await clock.sleep(Math.min(options.pollMs ?? 250, Math.max(1, deadline - clock.now())), options.signal)
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    const now = readHolder(path)
    if (now && now.pid === mine.pid && now.since === mine.since && now.host === mine.host) rmQuiet(path)
  }
  // Ctrl-C and normal exits remove it at once; after a kill -9 the next run finds the PID dead.
  process.on('exit', release)
  return { release, unguarded: null }
}

/**
 * mkdir -p one level at a time: Node 20's recursive mkdir never returns under /proc (issue 17's
 * GPU_DOCTOR_DATA_DIR=/proc/nope spun forever), a plain mkdir fails there at once.
 */
function makeFolders(dir: string): void {
  const missing: string[] = []
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d)
  for (const d of missing) {
    try {
      mkdirSync(d)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

function sameHolder(a: LockHolder | null, b: LockHolder | null): boolean {
  return a === null || b === null ? a === b : a.pid === b.pid && a.since === b.since && a.host === b.host
}

/** Removes a stale lock file; one that cannot be removed (no write access to its folder) is a DiagnosisLockStuckError. */
function removeStale(path: string): void {
  try {
    if (!lstatSync(path).isFile()) throw new DiagnosisLockStuckError(path, 'not a regular file')
    unlinkSync(path)
  } catch (error) {
    if (error instanceof DiagnosisLockStuckError) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT') throw new DiagnosisLockStuckError(path, code ?? String(error))
  }
}

function rmQuiet(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}
