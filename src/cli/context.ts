import type { TFunction } from 'i18next'

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
}
