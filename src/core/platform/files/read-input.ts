// Reading a file the user hands over (--from, --from-smi, --kernel-log, stdin): never more than the
// documented maximum for its kind, and never "analysed" when it is empty or binary.
import { close, open, read as readAt } from 'node:fs'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'

import { CancelledError } from '../errors'
import { pastedTextProblem } from './pasted-text'

export type InputProblem = 'empty' | 'not-text' | 'too-large' | 'unreadable'

/** Why an input cannot be read; `code` is the front ends' error code (`input-empty`, …). */
export class InputError extends Error {
  readonly code: `input-${InputProblem}`
  readonly details: Record<string, string>
  constructor(
    readonly problem: InputProblem,
    readonly source: string,
    message: string,
    readonly maxBytes: number | null = null,
  ) {
    super(message)
    this.code = `input-${problem}`
    this.details = { source, ...(maxBytes === null ? {} : { maxBytes: String(maxBytes) }) }
  }
}

const MIB = 1024 * 1024
const sizeText = (bytes: number) => (bytes >= MIB ? `${bytes / MIB} MiB` : `${Math.round(bytes / 1024)} KiB`)

/** The typed error for a text that is empty or binary, or null when it is worth reading. */
export function textProblem(text: string, source: string): InputError | null {
  const problem = pastedTextProblem(text)
  if (problem === 'empty') return new InputError('empty', source, `${source}: the input is empty`)
  if (problem === 'not-text') return new InputError('not-text', source, `${source}: the input is not text (binary)`)
  return null
}

/** The typed error for a text longer than `maxChars` (a paste box, a serve request). */
export function tooLarge(source: string, maxBytes: number): InputError {
  return new InputError('too-large', source, `${source}: the input is larger than the ${sizeText(maxBytes)} accepted`, maxBytes)
}

const CHUNK = 64 * 1024
// node:fs's callback calls, not node:fs/promises: loading that module costs a short command 1 ms.
const openFile = promisify(open)
const readChunk = promisify(readAt)
const closeFile = promisify(close)

/**
 * Reads `file` (or stdin for "-") as UTF-8 text, at most `maxBytes`: one byte more is a clear
 * error, not an out-of-memory. The first 64 KiB are checked for binary data before reading on, so
 * /dev/urandom is refused at once; an empty or binary input is an InputError. Stdin that is still
 * open when `signal` aborts (Ctrl-C at a terminal waiting for a paste) is a CancelledError.
 */
export async function readTextInput(
  file: string,
  maxBytes: number,
  options: { allowEmpty?: boolean; stdin?: NodeJS.ReadableStream; signal?: AbortSignal } = {},
): Promise<string> {
  const bytes = file === '-' ? await readStream(options.stdin ?? process.stdin, maxBytes, file, options.signal) : await readFileBounded(file, maxBytes)
  const text = bytes.toString('utf8')
  const problem = textProblem(text, file)
  if (problem && !(options.allowEmpty && problem.problem === 'empty')) throw problem
  return text
}

async function readFileBounded(file: string, maxBytes: number): Promise<Buffer> {
  let fd: number
  try {
    fd = await openFile(file, 'r')
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    throw new InputError('unreadable', file, `cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a folder' : e.message}`)
  }
  try {
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(CHUNK)
      let read
      try {
        ;({ bytesRead: read } = await readChunk(fd, chunk, 0, CHUNK, null))
      } catch (error) {
        const e = error as NodeJS.ErrnoException
        throw new InputError('unreadable', file, `cannot read ${file}: ${e.code === 'EISDIR' ? 'is a folder' : e.message}`)
      }
      if (read === 0) break
      chunks.push(chunk.subarray(0, read))
      total += read
      checkSoFar(chunks, total, maxBytes, file)
    }
    return Buffer.concat(chunks)
  } finally {
    await closeFile(fd)
  }
}

async function readStream(stream: NodeJS.ReadableStream, maxBytes: number, source: string, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  const reading = stream[Symbol.asyncIterator]()
  let stop: () => void = () => {}
  const stopped = new Promise<'stopped'>((resolve) => (stop = () => resolve('stopped')))
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      if (signal?.aborted) throw new CancelledError()
      const next = await Promise.race([reading.next(), stopped])
      if (next === 'stopped') throw new CancelledError()
      if (next.done) break
      const data: unknown = next.value
      const chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer)
      chunks.push(chunk)
      total += chunk.length
      checkSoFar(chunks, total, maxBytes, source)
    }
  } catch (error) {
    // Stops reading: a stdin left open would keep the process alive.
    void reading.return?.()
    ;(stream as Partial<Readable>).destroy?.()
    throw error
  } finally {
    signal?.removeEventListener('abort', stop)
  }
  return Buffer.concat(chunks)
}

/** Stops a read past the limit, and a binary one as soon as its first 64 KiB are in. */
function checkSoFar(chunks: Buffer[], total: number, maxBytes: number, source: string): void {
  if (total > maxBytes) throw tooLarge(source, maxBytes)
  if (total >= CHUNK && total - chunks[chunks.length - 1]!.length < CHUNK) {
    const head = Buffer.concat(chunks).subarray(0, CHUNK).toString('utf8')
    if (pastedTextProblem(head) === 'not-text') throw new InputError('not-text', source, `${source}: the input is not text (binary)`)
  }
}
