import type { TFunction } from 'i18next'

import type { WatchSampling } from '../core/domain/watch/watch'
import type { Clock } from '../core/platform/util/clock'
import type { Lang } from './i18n'

export interface CliContext {
  t: TFunction
  lang: Lang
  env: NodeJS.ProcessEnv
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  stderr: NodeJS.WritableStream
  /** Aborted on Ctrl-C / SIGTERM: commands stop what they started and return. */
  signal: AbortSignal
  /** Waits until stdout has taken everything written so far; a failed write throws a CliError (exit 3). */
  flushStdout(): Promise<void>
  /** What commands wait, time out and sample on: the real clock, or a test's. */
  clock: Clock
  /** Where `watch` reads the GPU and the job from, where not the machine's own (a recording in tests). */
  watchSampling?: WatchSampling
}
