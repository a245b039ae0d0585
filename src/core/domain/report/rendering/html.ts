import { escapeHtml as esc, htmlRich } from './html-escape'
import { REPORT_CSS } from '../../../platform/hosting/report-style'
import type { ViewFacts, ViewTable } from './view-types'

/** A table; `flagged(row, col)` marks cells to highlight (fleet differences). */
export function htmlTable(columns: string[], rows: string[][], flagged?: (row: number, col: number) => boolean): string {
  const head = `<thead><tr>${columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead>`
  const body = rows
    .map((r, i) => `<tr>${r.map((c, j) => `<td${flagged?.(i, j) ? ' class="flag"' : ''}>${htmlRich(c)}</td>`).join('')}</tr>`)
    .join('')
  return `<table>${head}<tbody>${body}</tbody></table>`
}

export function htmlFacts(facts: ViewFacts): string {
  if (facts.length === 0) return ''
  return `<table class="facts"><tbody>${facts.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${htmlRich(v)}</td></tr>`).join('')}</tbody></table>`
}

export function htmlViewTable(table: ViewTable): string {
  return [table.title ? `<h4>${esc(table.title)}</h4>` : '', htmlTable(table.columns, table.rows), table.note ? `<p class="note">${esc(table.note)}</p>` : ''].join('')
}

/**
 * A whole self-contained document. The CSP forbids every fetch (no default source; styles and
 * images only inline), so a report can never phone home even if a value slipped through unescaped.
 */
export function htmlDocument(lang: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${esc(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    // One landmark holds the whole report, so assistive technology can jump to it.
    `<body><main>${body}</main></body>`,
    '</html>',
    '',
  ].join('\n')
}
