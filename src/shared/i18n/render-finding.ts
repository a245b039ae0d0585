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
const MAKES_POSIX_VENV = /(?:^|\s)-m venv ~\//
const ROUTE_NAME = /^[a-z-]+$/

/**
 * Replaces each `[[open…]]body[[/close]]` section of `text` by keep(tag, body) (or drops it where that is
 * null). Split on the markers, not a lazy regex: a lazy `[\s\S]*?` is tried from every opening marker
 * (quadratic in a long text). `tag` is what follows `open` up to `]]` (a route's name; empty for venv).
 */
function replaceSections(text: string, open: string, close: string, keep: (tag: string, body: string) => string | null): string {
  const [head = '', ...sections] = text.split(open)
  let out = head
  for (const section of sections) {
    const tagEnd = section.indexOf(']]')
    const end = tagEnd < 0 ? -1 : section.indexOf(close, tagEnd + 2)
    const kept = end < 0 ? null : keep(section.slice(0, tagEnd), section.slice(tagEnd + 2, end))
    out += kept === null ? open + section : kept + section.slice(end + close.length)
  }
  return out
}

/** A `[[venv]]…[[/venv]]` section of a fix: said only where its install command makes a POSIX venv (`python3 -m venv ~/…`). */
function withVenvNote(fix: string, params: MessageParams): string {
  const venv = typeof params.install === 'string' && MAKES_POSIX_VENV.test(params.install)
  return replaceSections(fix, '[[venv', '[[/venv]]', (tag, body) => (tag === '' && venv ? body : tag === '' ? '' : null))
}

/**
 * `[[route:X]]…[[/route]]` sections of a message or fix: said only where the finding's `route` param
 * (a comma-separated list: ld-preload, ld-library-path, runpath, system) names X; `[[route:none]]` only
 * where it has none (a finding saved before routes, or one from pasted text that cannot tell).
 */
function withRouteSections(text: string, params: MessageParams): string {
  const routes = typeof params.route === 'string' ? params.route.split(',').filter(Boolean) : []
  return replaceSections(text, '[[route:', '[[/route]]', (route, said) => {
    if (!ROUTE_NAME.test(route)) return null
    return (route === 'none' ? routes.length === 0 : routes.includes(route)) ? said : ''
  })
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
