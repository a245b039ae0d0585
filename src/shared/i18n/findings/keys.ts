import type { findingsEnTexts } from './en'

/** The parts of a finding's text. */
export const FINDING_PARTS = ['title', 'message', 'fix'] as const
export type FindingPart = (typeof FINDING_PARTS)[number]

/** Every key of the findings catalogue: `<id>.title|message|fix`, as written in en.ts (and ../env-findings.ts). */
export type FindingKey = keyof typeof findingsEnTexts

type IdOf<K> = K extends `${infer Id}.title` ? Id : never

/** A finding id of the catalogue: one that has texts in English and Chinese. makeFinding takes no other. */
export type FindingId = IdOf<FindingKey>

// Checked by the compiler: every id has its title, message and fix (in English here; zh.ts's type asks for the same keys).
type Incomplete = Exclude<`${FindingId}.${FindingPart}`, FindingKey>
export const EVERY_ID_HAS_EVERY_PART: [Incomplete] extends [never] ? true : Incomplete = true
