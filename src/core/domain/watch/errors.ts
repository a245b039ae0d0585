/** Why a watch cannot run; `usage` ones are the caller's input (CLI exit 2), the rest the machine's (exit 3). */
export type WatchErrorCode =
  | 'pid-not-found'
  | 'pid-not-on-gpu'
  | 'no-samples'
  | 'not-linux'
  | 'no-engine'
  | 'no-container'
  | 'container-not-running'
  | 'too-many-for-client'
  | 'too-many-in-total'
  | 'bad-container-name'

const USAGE: ReadonlySet<WatchErrorCode> = new Set(['pid-not-found', 'pid-not-on-gpu', 'no-container', 'container-not-running', 'bad-container-name'])

const KEYS: Record<WatchErrorCode, string> = {
  'pid-not-found': 'error.pidNotFound',
  'pid-not-on-gpu': 'error.notOnGpu',
  'no-samples': 'error.noSamples',
  'not-linux': 'error.notLinux',
  'no-engine': 'error.noEngine',
  'no-container': 'error.noContainer',
  'container-not-running': 'error.containerNotRunning',
  'too-many-for-client': 'error.tooManyForClient',
  'too-many-in-total': 'error.tooManyInTotal',
  'bad-container-name': 'error.badContainerName',
}

/** A watch that cannot run, with the i18n key (namespace 'watch') and values to say why in any language. */
export class WatchError extends Error {
  readonly code = 'watch-failed'
  constructor(
    readonly reason: WatchErrorCode,
    readonly params: Record<string, string>,
    english: string,
  ) {
    super(english)
    this.name = 'WatchError'
  }

  get messageKey(): string {
    return KEYS[this.reason]
  }

  get isUsage(): boolean {
    return USAGE.has(this.reason)
  }

  /** What a front end needs to say it in its own language. */
  get details(): Record<string, string> {
    return { reason: this.reason, messageKey: this.messageKey, ...this.params }
  }
}
