import type { Reason } from './types'

import { interpolate } from '../../../shared/i18n/interpolate'
import { reasonsEn } from '../../../shared/i18n/recommend-reasons'

/** English text of every reason and blocker ({{var}} placeholders); zh-CN in the same shared file. */
export const REASON_TEXT_EN = reasonsEn

/** Every reason and blocker the engine can give. */
export type ReasonCode = keyof typeof REASON_TEXT_EN

/** A reason or blocker with its values. */
export function reason(code: ReasonCode, vars: Record<string, string | number> = {}): Reason {
  return { code, vars }
}

/** The English text of a reason. */
export function reasonText(r: Reason): string {
  const template = (REASON_TEXT_EN as Record<string, string>)[r.code]
  return template ? interpolate(template, r.vars) : r.code
}
