// Writing a document the user asked for (-o FILE, the app's save dialog): "written" must mean the
// whole document is there. It goes to a temporary file beside the target, is checked, then renamed
// over the target in one step, so a failure leaves the old file (or nothing) and never half of one.
import { randomBytes } from 'node:crypto'
import { open, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export type OutputProblem = 'is-directory' | 'missing-folder' | 'not-writable' | 'write-failed' | 'not-written'

/** Why a document was not written, with the path and the system's code when there is one. */
export class OutputFileError extends Error {
  /** The front ends' error code (IPC: `not-written`, with the problem in details). */
  readonly code = 'not-written'
  readonly details: Record<string, string>
  constructor(
    readonly problem: OutputProblem,
    readonly path: string,
    readonly detail: string,
  ) {
    super(`Not written: ${path}: ${detail}`)
    this.details = { problem, path, detail }
  }
}

function problemOf(error: unknown, path: string): OutputFileError {
  if (error instanceof OutputFileError) return error
  const e = error as NodeJS.ErrnoException
  const detail = e.code ? `${e.code}${e.message ? ` (${e.message.replace(/^[A-Z]+: /, '').split(',')[0]})` : ''}` : String(e?.message ?? e)
  if (e.code === 'EISDIR') return new OutputFileError('is-directory', path, 'is a folder')
  if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return new OutputFileError('missing-folder', path, `folder ${dirname(path)} does not exist`)
  if (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS') return new OutputFileError('not-writable', path, detail)
  return new OutputFileError('write-failed', path, detail)
}

/**
 * Says, before any work, why `path` cannot receive a document: a folder, a folder that does not
 * exist, or one (or a file) that cannot be written. A device or pipe (/dev/stdout) passes.
 */
export async function checkOutputTarget(path: string): Promise<void> {
  const target = await stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(problemOf(error, path))))
  if (target?.isDirectory()) throw new OutputFileError('is-directory', path, 'is a folder')
  if (target && !target.isFile()) return
  const folder = await stat(dirname(path)).catch((error: unknown) => Promise.reject(problemOf(error, path)))
  if (!folder.isDirectory()) throw new OutputFileError('missing-folder', path, `${dirname(path)} is not a folder`)
  // Creating the temporary file is the only honest test of "can write here" (ACLs, read-only mounts, root).
  const probe = tempPath(path)
  try {
    const handle = await open(probe, 'wx')
    await handle.close()
  } catch (error) {
    // The folder is there (checked above), so "no such file" means it refuses new files (/proc).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new OutputFileError('not-writable', path, `${dirname(path)} does not take new files`)
    throw problemOf(error, path)
  } finally {
    await rm(probe, { force: true })
  }
}

function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
}

/** What makes a written file a document: not empty, and for a PDF, the %PDF- header. */
export type Verify = (head: Buffer, size: number) => string | null

export const verifyNotEmpty: Verify = (_head, size) => (size > 0 ? null : 'the file is empty')
export const verifyPdf: Verify = (head, size) => verifyNotEmpty(head, size) ?? (head.subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'the file is not a PDF')

async function verifyFile(file: string, verify: Verify, path: string): Promise<void> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) =>
    Promise.reject(error.code === 'ENOENT' ? new OutputFileError('not-written', path, 'nothing was written') : error),
  )
  try {
    const { size } = await handle.stat()
    const head = Buffer.alloc(Math.min(size, 16))
    await handle.read(head, 0, head.length, 0)
    const wrong = verify(head, size)
    if (wrong) throw new OutputFileError('not-written', path, wrong)
  } finally {
    await handle.close()
  }
}

/**
 * Lets `produce` write the document to a temporary file in the target's folder, checks it and
 * renames it over `path`. A device or pipe as target (/dev/stdout, a FIFO) is written directly.
 */
export async function produceOutputFile(path: string, produce: (file: string) => Promise<void>, verify: Verify = verifyNotEmpty): Promise<void> {
  const target = await stat(path).catch(() => null)
  if (target?.isDirectory()) throw new OutputFileError('is-directory', path, 'is a folder')
  if (target && !target.isFile()) {
    await produce(path).catch((error: unknown) => Promise.reject(problemOf(error, path)))
    return
  }
  const temp = tempPath(path)
  try {
    await produce(temp)
    await verifyFile(temp, verify, path)
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    // "No such file" in a folder that is there: it refuses new files (/proc), it is not missing.
    const folderThere = (error as NodeJS.ErrnoException).code === 'ENOENT' && (await stat(dirname(path)).then((s) => s.isDirectory(), () => false))
    throw folderThere ? new OutputFileError('not-writable', path, `${dirname(path)} does not take new files`) : problemOf(error, path)
  }
}

/** Writes text or bytes as one document (see produceOutputFile); the size on disk must match. */
export async function writeOutputFile(path: string, data: string | Uint8Array, verify: Verify = verifyNotEmpty): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  await produceOutputFile(
    path,
    async (file) => {
      const handle = await open(file, 'w')
      try {
        await handle.writeFile(bytes)
        await handle.sync().catch(() => undefined)
      } finally {
        await handle.close()
      }
    },
    (head, size) => (size === bytes.length ? verify(head, size) : `${size} of ${bytes.length} bytes written`),
  )
}
