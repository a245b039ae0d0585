import type { IpcError } from '../../../shared/contract'

/**
 * A handler's failure as the contract's error: a use-case error that names its own `code` (and the
 * `details` a front end needs to say it in the user's language) keeps them; anything else is 'internal'.
 */
export function ipcErrorOf(error: unknown): IpcError {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && /^[a-z][a-z-]*$/.test(error.code)) {
    const details = 'details' in error && typeof error.details === 'object' && error.details !== null ? (error.details as Record<string, string>) : undefined
    return details ? { code: error.code, message, details } : { code: error.code, message }
  }
  return { code: 'internal', message }
}
