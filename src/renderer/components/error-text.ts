import type { TFunction } from 'i18next'

import type { IpcError } from '../../shared/contract'

const MIB = 1024 * 1024

/**
 * An error from the core in the reader's language where its code has a text (`error.<code>`), with
 * the details it carries; the core's English message otherwise.
 */
export function errorText(error: IpcError, t: TFunction): string {
  const d = error.details ?? {}
  const key = `error.${error.code}`
  if (!t(key, { defaultValue: '' })) return error.message
  const max = d.maxBytes ? Number(d.maxBytes) : NaN
  const size = Number.isFinite(max) ? (max >= MIB ? `${max / MIB} MiB` : `${Math.round(max / 1024)} KiB`) : ''
  return t(key, { ...d, size, problemText: d.problem ? t(`error.not-written.${d.problem}`, { defaultValue: d.detail ?? '' }) : (d.detail ?? '') })
}

/**
 * A failed call to the core as `key` ("… did not answer: {{message}}"), except where the server
 * answered and refused this page's token: then the words of the connection banner's cause, never
 * "did not answer" (a restarted serve has a new token; no retry helps).
 */
export function failureText(t: TFunction, key: string, error: IpcError): string {
  if (error.code === 'unauthorized') return t('conn.refused')
  return t(key, { message: errorText(error, t) })
}
