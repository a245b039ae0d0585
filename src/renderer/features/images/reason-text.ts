import type { TFunction } from 'i18next'

import type { ReasonCodeData } from '../../../shared/recommend'

/**
 * The reasons in the reader's language: by code through the 'reasons' namespace when the engine
 * sent codes (it always does now), else its English text as it came.
 */
export function reasonTexts(t: TFunction, english: readonly string[], codes: readonly ReasonCodeData[] | undefined): string[] {
  if (!codes || codes.length !== english.length) return [...english]
  return codes.map((c, i) => t(c.code, { ns: 'reasons', ...c.vars, defaultValue: english[i] }))
}
