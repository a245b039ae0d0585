// Markdown helpers for text that GitHub renders: raw HTML is live there, so `<host-1>` would vanish
// as an unknown tag unless escaped; code spans are left as they are (GitHub shows them literally).

import type { ViewFacts, ViewTable } from './view-types'

/** Escapes text for a Markdown paragraph, keeping `code spans` (the findings use them for commands). */
export function mdText(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/([*\\])/g, '\\$1').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_')))
    .join('')
}

/** Markdown already written (bold verdicts), for a table cell that must not be escaped again. */
export interface MdRaw {
  md: string
}

/** A table cell: one line, pipes escaped. */
export function mdCell(text: string | MdRaw): string {
  return (typeof text === 'string' ? mdText(text) : text.md).replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')
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
  return [table.title ? `**${mdText(table.title)}**\n` : '', mdTable(table.columns, table.rows), table.note ? `\n${mdText(table.note)}` : '']
    .filter(Boolean)
    .join('\n')
}

/** A collapsible section; the blank lines make GitHub render the Markdown inside it. */
export function mdDetails(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${mdText(summary).replace(/\\([*_\\])/g, '$1')}</summary>\n\n${body.trim()}\n\n</details>`
}

/** A fenced block that no backtick run inside can close. */
export function mdFence(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${lang}\n${text}\n${fence}`
}
