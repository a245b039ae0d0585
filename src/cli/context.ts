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
}
