import type { MessageParams } from '../message'
import { interpolate } from './interpolate'

/**
 * One language's texts of the findings catalogue (src/shared/i18n/findings), keyed
 * `<id>.title|message|fix`: `FINDING_TEXTS[lang]`, or the same table where a front end loads it later
 * (the CLI's shared texts, namespace 'findings').
 */
export type FindingTexts = Readonly<Record<string, string>>

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

/** A `[[venv]]…[[/venv]]` section of a fix: said only where its install command makes a POSIX venv (`python3 -m venv ~/…`). */
const VENV_SECTION = /\[\[venv\]\]([\s\S]*?)\[\[\/venv\]\]/g
const MAKES_POSIX_VENV = /(?:^|\s)-m venv ~\//

function withVenvNote(fix: string, params: MessageParams): string {
  const venv = typeof params.install === 'string' && MAKES_POSIX_VENV.test(params.install)
  return fix.replace(VENV_SECTION, (_, note: string) => (venv ? note : ''))
}

/**
 * The one way a finding becomes text, in the language of `texts`: the catalogue's title, message and
 * fix with the finding's params (a missing one reads "?"). The core's English (makeFinding), the CLI,
 * every report format and the app all come through here.
 * - A fix whose command (`{{install}}`) the finding lacks (saved before fixes took one) is the
 *   finding's own saved fix, never a "?" in place of the command.
 * - An id the catalogue does not have (a file from another version) keeps its saved message and fix
 *   as they are, not filled in again.
 */
export function renderFinding(finding: RenderableFinding, texts: FindingTexts): FindingText {
  const given = finding.params ?? {}
  // A finding that points at another (`findingId`) names it by that finding's title, in this language.
  const pointed = typeof given.findingId === 'string' && Object.hasOwn(texts, `${given.findingId}.title`) ? texts[`${given.findingId}.title`] : undefined
  const params = pointed === undefined ? given : { ...given, findingTitle: pointed }
  const { id } = finding
  const text = (part: 'title' | 'message' | 'fix') => {
    const key = `${id}.${part}`
    return Object.hasOwn(texts, key) ? texts[key] : undefined
  }
  const [title, message, fix] = [text('title'), text('message'), text('fix')]
  if (title === undefined || message === undefined || fix === undefined) {
    return { title: id, message: finding.message ?? '', fix: finding.fix ?? '', known: false }
  }
  const savedFix = fix.includes('{{install}}') && !Object.hasOwn(params, 'install') ? finding.fix : undefined
  return {
    title: interpolate(title, params),
    message: interpolate(message, params),
    fix: savedFix ?? interpolate(withVenvNote(fix, params), params),
    known: true,
  }
}
