import type { TFunction } from 'i18next'

import type { WatchSampling } from '../core/domain/watch/watch'
import type { Clock } from '../core/platform/util/clock'
import type { Lang } from './i18n'
import type { Style } from './terminal/terminal-style'

export interface CliContext {
  t: TFunction
  lang: Lang
  env: NodeJS.ProcessEnv
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  stderr: NodeJS.WritableStream
  /** Colour for stdout: on a terminal (not with NO_COLOR), else marks nothing. */
  style: Style
  /** The terminal's width where stdout is one; undefined into a pipe or a file (nothing is wrapped there). */
  width: number | undefined
  /** Writes human text and a line break to stdout, wrapped to `width`. JSON and documents go through `stdout.write`, never wrapped. */
  print(text: string): void
  /** Writes a message and a line break to stderr, wrapped where stderr is a terminal. */
  say(text: string): void
  /** Aborted on Ctrl-C / SIGTERM: commands stop what they started and return. */
  signal: AbortSignal
  /** Waits until stdout has taken everything written so far; a failed write throws a CliError (exit 3). */
  flushStdout(): Promise<void>
  /** What commands wait, time out and sample on: the real clock, or a test's. */
  clock: Clock
  /** Where `watch` reads the GPU and the job from, where not the machine's own (a recording in tests). */
  watchSampling?: WatchSampling
}
