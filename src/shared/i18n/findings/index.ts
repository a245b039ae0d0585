// The findings catalogue: the one source of the finding ids (FindingId) and of their texts in every
// language. makeFinding (src/core/domain/findings) takes only its ids; renderFinding
// (src/shared/i18n/render-finding.ts) turns a finding into text from it. Zod-free: the renderer imports it.

import type { Language } from '../languages'
import { findingsEnTexts } from './en'
import type { FindingId, FindingKey } from './keys'
import { findingsZhTexts } from './zh'

export { FINDING_PARTS, type FindingId, type FindingKey, type FindingPart } from './keys'
export { envFindingId, envFindingsEn, envFindingsZh, type EnvFindingId } from '../env-findings'

/** Each language's texts of every finding, keyed `<id>.title|message|fix`. */
export const FINDING_TEXTS: Readonly<Record<Language, Readonly<Record<FindingKey, string>>>> = { en: findingsEnTexts, 'zh-CN': findingsZhTexts }

/** Every id of the catalogue, in its order (failure modes first). */
export const FINDING_IDS: readonly FindingId[] = [...new Set(Object.keys(findingsEnTexts).map((key) => key.slice(0, key.lastIndexOf('.')) as FindingId))]

const KNOWN: ReadonlySet<string> = new Set(FINDING_IDS)

/** Whether `id` is one of the catalogue's (an id read from a file may be another version's). */
export function isFindingId(id: string): id is FindingId {
  return KNOWN.has(id)
}

/** The catalogue as i18next's namespace 'findings' and the tests read it: flat texts by key. */
export const findingsEn: Record<string, string> = findingsEnTexts
export const findingsZh: Record<string, string> = findingsZhTexts
