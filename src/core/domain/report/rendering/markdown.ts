// Markdown helpers for text that GitHub renders. Everything passed in is treated as untrusted text
// (GPU names, messages, paths and image names come from the machine or a report file): it can never
// become a heading, a list, a link, an image or raw HTML. Only `code spans` are kept, because the
// findings use them for commands and a code span shows its content literally.

import type { ViewFacts, ViewTable } from './view-types'

/**
 * Inline characters with a meaning in CommonMark/GFM; `<`, `>` and `&` become entities instead.
 * Parentheses stay: with every `[` and `]` escaped, no link or image can form around them. An `_`
 * between letters or digits stays too (CommonMark never opens emphasis there: CUDA_VISIBLE_DEVICES).
 */
const INLINE_SPECIAL = /[\\[\]*#~|`]/g

function escapeInline(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(INLINE_SPECIAL, '\\$&').replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
}

/**
 * One line: code spans as CommonMark pairs them (a backtick run closes only on a run of the same
 * length), everything else escaped, including a backtick run that closes nothing.
 */
function escapeLine(line: string): string {
  let out = ''
  let text = ''
  let i = 0
  while (i < line.length) {
    if (line[i] !== '`') {
      text += line[i++]
      continue
    }
    let n = 0
    while (line[i + n] === '`') n++
    const close = closingRun(line, i + n, n)
    if (close < 0) {
      text += line.slice(i, i + n)
      i += n
      continue
    }
    out += escapeInline(text) + line.slice(i, close + n)
    text = ''
    i = close + n
  }
  return out + escapeInline(text)
}

/** Where the next backtick run of exactly `n` starts, or -1. */
function closingRun(line: string, from: number, n: number): number {
  let i = from
  while (i < line.length) {
    if (line[i] !== '`') {
      i++
      continue
    }
    let m = 0
    while (line[i + m] === '`') m++
    if (m === n) return i
    i += m
  }
  return -1
}

/** A line that would open a block (list item, ordered item, setext underline, heading, quote): its marker escaped. */
function escapeBlockStart(line: string): string {
  return line.replace(/^[ \t]+/, '').replace(/^([-+=])/, '\\$1').replace(/^(\d{1,9})([.)])/, '$1\\$2')
}

/**
 * Escapes text for Markdown. A line break stays inside its block: the next line is joined with a hard
 * break and `indent` (the block's content indentation), and empty lines are dropped so that no new
 * block can start (nor a `<br>` open a line, where it would be an HTML block).
 */
export function mdText(text: string, indent = ''): string {
  return escapeBlockStart(mdInline(text, indent))
}

/** mdText for text that follows other Markdown on its line (`- `, `**`, a table cell): its first line cannot open a block. */
export function mdInline(text: string, indent = ''): string {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line, i) => (i === 0 ? escapeLine(line) : escapeBlockStart(escapeLine(line))))
    .filter((line) => line.trim() !== '')
    .join(`<br>\n${indent}`)
}

/** Markdown already written (bold verdicts), for a table cell that must not be escaped again. */
export interface MdRaw {
  md: string
}

/** A table cell: one line, pipes escaped (also inside code spans, where GFM needs them escaped too). */
export function mdCell(text: string | MdRaw): string {
  const md = typeof text === 'string' ? mdInline(text) : text.md
  return md.replace(/<br>\n/g, '<br>').replace(/(?<!\\)\|/g, '\\|').replace(/\r?\n/g, '<br>')
}

export function mdTable(columns: string[], rows: Array<Array<string | MdRaw>>): string {
  return [
    `| ${columns.map(mdCell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
  ].join('\n')
}

export function mdFacts(facts: ViewFacts, head: [string, string]): string {
  return mdTable(head, facts.map(([k, v]) => [k, v]))
}

export function mdViewTable(table: ViewTable): string {
  return [table.title ? `**${mdInline(table.title)}**\n` : '', mdTable(table.columns, table.rows), table.note ? `\n${mdText(table.note)}` : '']
    .filter(Boolean)
    .join('\n')
}

/** Text inside an HTML block (a `<summary>`): entities only, on one line, since a blank line would end the block. */
export function htmlInline(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A collapsible section; the blank lines make GitHub render the Markdown inside it. */
export function mdDetails(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${htmlInline(summary)}</summary>\n\n${body.trim()}\n\n</details>`
}

/** A fenced block that no backtick run inside can close. */
export function mdFence(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${lang}\n${text}\n${fence}`
}
