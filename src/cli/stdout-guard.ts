import { Writable } from 'node:stream'

import type { CliContext } from './context'
import { CLEAR_LINE_END, stripControl } from './terminal-text'

/**
 * The raw writer behind each guarded stream: only redrawLine reaches it, with text it cleaned itself.
 * Kept on the stream under a registered symbol, not in a module-level map: each command is bundled
 * apart (out/cli/command-*.cjs) with its own copy of this module, and all copies must find it.
 */
const RAW_WRITER = Symbol.for('gpu-doctor.stdout-guard.raw-writer')
type WithRawWriter = { [RAW_WRITER]?: (text: string) => void }

/**
 * Redraws the terminal's current line with `text` (a progress line): carriage return, the cleaned
 * text, erase to the end of the line. The `\r` and `ESC[K` are GPU Doctor's own, so they pass the
 * guard that strips every control character coming from input; `text` itself is stripped.
 */
export function redrawLine(stream: CliContext['stderr'], text: string): void {
  const line = `\r${stripControl(text).replace(/\n/g, ' ')}${CLEAR_LINE_END}`
  const raw = (stream as WithRawWriter)[RAW_WRITER]
  if (raw) raw(line)
  else stream.write(line)
}

/** A stream the CLI writes to, wrapped: control characters stripped, the first write error kept. */
export interface GuardedStream {
  stream: CliContext['stdout']
  /** The first write error (ENOSPC on a full disk, EBADF, EIO…), or null. */
  failure(): NodeJS.ErrnoException | null
  /** Resolves once everything written so far has reached the real stream, or failed. */
  settled(): Promise<void>
}

/**
 * Every byte the commands print passes here, so this is the one place that strips escape sequences
 * from text that came from input and that notices a failed write (a full disk behind `> file`),
 * which Node reports only asynchronously. `onFailure` runs once, at the first error. `colour` turns
 * this run's style marks into escape sequences once input's have been stripped (terminal-style.ts).
 */
export function guardStream(
  target: CliContext['stdout'],
  onFailure: (error: NodeJS.ErrnoException) => void = () => undefined,
  colour: (text: string) => string = (text) => text,
): GuardedStream {
  let failure: NodeJS.ErrnoException | null = null
  let pending = 0
  let waiters: Array<() => void> = []
  const done = () => {
    if (--pending > 0) return
    for (const w of waiters) w()
    waiters = []
  }
  const forward = (text: string | Buffer) => {
    if (failure) return
    pending++
    try {
      target.write(text, (error?: Error | null) => {
        if (error && !failure) {
          failure = error as NodeJS.ErrnoException
          onFailure(failure)
        }
        done()
      })
    } catch (error) {
      failure ??= error as NodeJS.ErrnoException
      onFailure(failure)
      done()
    }
  }
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      forward(typeof chunk === 'string' ? colour(stripControl(chunk)) : chunk)
      // The real stream applies backpressure; a failed write is reported by failure(), not as an
      // 'error' event that nobody listens to.
      callback()
    },
  })
  // The Writable calls back at once, so it never queues: a raw write keeps its place in the order.
  ;(stream as WithRawWriter)[RAW_WRITER] = forward
  Object.defineProperty(stream, 'isTTY', { get: () => target.isTTY })
  Object.defineProperty(stream, 'columns', { get: () => target.columns })
  return {
    stream: stream as unknown as CliContext['stdout'],
    failure: () => failure,
    settled: () => (pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  }
}
