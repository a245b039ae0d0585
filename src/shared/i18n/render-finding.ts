import type { MessageParams } from '../message'
import { FINDING_TEXTS, isFindingId } from './findings'
import { UNKNOWN_FINDING } from './findings/unknown'
import { interpolate } from './interpolate'
import type { Language } from './languages'

/**
 * What renderFinding needs of a finding: its id and params; `message` and `fix` are the English a
 * saved finding carries, shown where the catalogue has nothing better (an id this version does not
 * know, a fix saved before it took an install command).
 */
export interface RenderableFinding {
  id: string
  params?: MessageParams
  message?: string
  fix?: string
}

/** A finding in words; `known` is false for an id the catalogue does not have (title is then the id itself). */
export interface FindingText {
  title: string
  message: string
  fix: string
  known: boolean
}

/**
 * The one way a finding becomes text, in `lang`: the catalogue's title, message and fix with the
 * finding's params (a missing one reads "?"). The core's English (makeFinding), the CLI, every report
 * format and the app all come through here.
 * - A fix whose command (`{{install}}`) the finding lacks (saved before fixes took one) is the
 *   finding's own saved fix, never a "?" in place of the command.
 * - An id the catalogue does not have (a file from another version) keeps its own saved message and
 *   fix as they are, not filled in again; without them it gets a generic text naming the id.
 */
export function renderFinding(finding: RenderableFinding, lang: Language): FindingText {
  const params = finding.params ?? {}
  const { id } = finding
  if (!isFindingId(id)) {
    const generic = UNKNOWN_FINDING[lang]
    return {
      title: id,
      message: finding.message ?? interpolate(generic.message, { id, ...params }),
      fix: finding.fix ?? interpolate(generic.fix, { id, ...params }),
      known: false,
    }
  }
  const texts = FINDING_TEXTS[lang]
  const fix = texts[`${id}.fix`]
  const savedFix = fix.includes('{{install}}') && !Object.hasOwn(params, 'install') ? finding.fix : undefined
  return {
    title: interpolate(texts[`${id}.title`], params),
    message: interpolate(texts[`${id}.message`], params),
    fix: savedFix ?? interpolate(fix, params),
    known: true,
  }
}
