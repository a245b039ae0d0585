import type { TFunction } from 'i18next'

import type { IpcError } from '../../../shared/contract'
import type { UnreadableEntry } from '../../../shared/history'
import { failureText } from '../../components/error-text'

/** Why a saved diagnosis is unreadable, in the reader's language. */
export function damageText(e: Pick<UnreadableEntry, 'damage' | 'detail'>, t: TFunction): string {
  const why = t(`hist.damage.${e.damage}`)
  return e.detail ? `${why} (${e.detail})` : why
}

/** A history:load error: a damaged or missing entry said by what it is, anything else as the core said it. */
export function historyErrorText(error: IpcError, t: TFunction): string {
  const d = error.details ?? {}
  if (error.code === 'history-entry-unreadable' && d.id && d.damage) {
    return t('hist.openFailed', { id: d.id, why: damageText({ damage: d.damage as UnreadableEntry['damage'], detail: d.detail || null }, t) })
  }
  if (error.code === 'history-entry-not-found' && d.id) return t('hist.notFound', { id: d.id })
  return failureText(t, 'rep.error', error)
}
