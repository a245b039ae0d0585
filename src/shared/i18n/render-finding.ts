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
const VENV_OPEN = '[[venv]]'
const VENV_CLOSE = '[[/venv]]'
const MAKES_POSIX_VENV = /(?:^|\s)-m venv ~\//

/** Split on the markers, not a lazy regex: a lazy `[\s\S]*?` is tried from every opening marker (quadratic). */
function withVenvNote(fix: string, params: MessageParams): string {
  const venv = typeof params.install === 'string' && MAKES_POSIX_VENV.test(params.install)
  const [head = '', ...sections] = fix.split(VENV_OPEN)
  let text = head
  for (const section of sections) {
    const end = section.indexOf(VENV_CLOSE)
    if (end < 0) text += VENV_OPEN + section
    else text += (venv ? section.slice(0, end) : '') + section.slice(end + VENV_CLOSE.length)
  }
  return text
}

/**
 * `[[route:X]]…[[/route]]` sections of a message or fix: said only where the finding's `route` param
 * (a comma-separated list: ld-preload, ld-library-path, runpath, system) names X; `[[route:none]]` only
 * where it has none (a finding saved before routes, or one from pasted text that cannot tell).
 */
const ROUTE_SECTION = /\[\[route:([a-z-]+)\]\]([\s\S]*?)\[\[\/route\]\]/g

function withRouteSections(text: string, params: MessageParams): string {
  const routes = typeof params.route === 'string' ? params.route.split(',').filter(Boolean) : []
  return text.replace(ROUTE_SECTION, (_, route: string, said: string) => ((route === 'none' ? routes.length === 0 : routes.includes(route)) ? said : ''))
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
    message: interpolate(withRouteSections(message, params), params),
    fix: savedFix ?? interpolate(withRouteSections(withVenvNote(fix, params), params), params),
    known: true,
  }
}
