import type { Reason } from './types'

import { reasonsEn } from '../../shared/i18n/recommend-reasons'

/** English text of every reason and blocker ({{var}} placeholders); zh-CN in the same shared file. */
export const REASON_TEXT_EN = reasonsEn

/** Every reason and blocker the engine can give. */
export type ReasonCode = keyof typeof REASON_TEXT_EN

/** A reason or blocker with its values. */
export function reason(code: ReasonCode, vars: Record<string, string | number> = {}): Reason {
  return { code, vars }
}

/** Fills {{var}} placeholders; an unknown placeholder stays as written. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole))
}

/** The English text of a reason. */
export function reasonText(r: Reason): string {
  const template = (REASON_TEXT_EN as Record<string, string>)[r.code]
  return template ? fill(template, r.vars) : r.code
}
