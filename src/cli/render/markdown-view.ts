// A Markdown document GPU Doctor wrote (report, --compare, --merge), shown for reading on a terminal:
// headings and <details> summaries as bold lines, tables aligned (or one block per row where too
// wide), escapes and HTML entities undone. Only the Markdown GPU Doctor's own renderers write is
// understood; the document itself is still what `-o FILE` or a pipe gets.
import type { Style } from '../terminal/terminal-style'
import { renderTable, tableWidth } from './text-table'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function entity(name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 0xfffd)
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)) || 0xfffd)
  return ENTITIES[name] ?? `&${name};`
}

/** Inline Markdown as plain text: code spans kept literally, **bold** painted, *emphasis* dropped, escapes and entities undone. */
export function inlineText(md: string, style: Style): string {
  const parts: Array<{ text: string; bold: boolean }> = [{ text: '', bold: false }]
  const add = (text: string) => (parts[parts.length - 1]!.text += text)
  let i = 0
  while (i < md.length) {
    const c = md[i]!
    if (c === '`') {
      let n = 0
      while (md[i + n] === '`') n++
      const close = md.indexOf('`'.repeat(n), i + n)
      if (close < 0) {
        add(md.slice(i, i + n))
        i += n
      } else {
        add(md.slice(i + n, close).trim())
        i = close + n
      }
    } else if (c === '\\' && i + 1 < md.length && /[!-/:-@[-`{-~]/.test(md[i + 1]!)) {
      add(md[i + 1]!)
      i += 2
    } else if (md.startsWith('**', i)) {
      parts.push({ text: '', bold: !parts[parts.length - 1]!.bold })
      i += 2
    } else if (c === '*' || (c === '_' && !/[\p{L}\p{N}]/u.test(md[i - 1] ?? ''))) {
      i += 1
    } else if (c === '&') {
      const m = /^&(#\d+|#[xX][\da-fA-F]+|[a-z]+);/.exec(md.slice(i, i + 12))
      add(m ? entity(m[1]!) : c)
      i += m ? m[0].length : 1
    } else {
      add(c)
      i += 1
    }
  }
  return parts.map((p) => (p.bold ? style.paint('bold', p.text) : p.text)).join('')
}

/** The cells of a `| a | b |` row, split at pipes that are not escaped. */
function cells(row: string): string[] {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  const out: string[] = []
  let cell = ''
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '\\|'
      i++
    } else if (body[i] === '|') {
      out.push(cell.trim())
      cell = ''
    } else cell += body[i]
  }
  out.push(cell.trim())
  return out
}

/** A table as aligned columns where it fits `width`; else each row as its own block, `header: value` under its first cell. */
function table(rows: string[], style: Style, width: number | undefined): string[] {
  const plain = { ...style, paint: (_k: string, text: string) => text }
  const [head, , ...body] = rows.map((r) => cells(r).map((c) => inlineText(c, plain)))
  const header = head ?? []
  const data = body.map((r) => header.map((_, i) => r[i] ?? ''))
  if (width === undefined || tableWidth(header, data) + 2 <= width) {
    return renderTable(header, data, style)
      .split('\n')
      .map((l) => `  ${l}`)
  }
  const keyValue = header.length === 2 && header[1] === ''
  const out: string[] = keyValue && header[0] ? [style.paint('bold', header[0])] : []
  for (const r of data) {
    if (keyValue) {
      out.push(`  ${r[0]}: ${r[1]}`)
      continue
    }
    out.push(`  ${style.paint('bold', r[0] ?? '')}`)
    for (let i = 1; i < header.length; i++) if (r[i] !== '') out.push(`    ${header[i] || '·'}: ${r[i]}`)
  }
  return out
}

/** The document as text to read on a terminal `width` columns wide (lines are wrapped after, by ctx.print). */
export function renderMarkdownForTerminal(md: string, style: Style, width: number | undefined): string {
  const lines = md.replace(/\r\n/g, '\n').split('\n')
  const out: string[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    const summary = /^<details>\s*<summary>(.*)<\/summary>\s*$/.exec(line)
    if (summary) {
      if (out.length && out[out.length - 1] !== '') out.push('')
      out.push(style.paint('bold', `\u2500\u2500 ${inlineText(summary[1]!.replace(/<[^>]*>/g, ''), { ...style, paint: (_k, t) => t })}`))
      i++
    } else if (/^<\/?details>\s*$/.test(line)) {
      i++
    } else if (/^#{1,6} /.test(line)) {
      out.push(style.paint('bold', inlineText(line.replace(/^#+ /, ''), { ...style, paint: (_k, t) => t })))
      i++
    } else if (/^\s*```/.test(line)) {
      const indent = /^\s*/.exec(line)![0]
      i++
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) out.push(`    ${lines[i++]!.slice(indent.length)}`)
      i++
    } else if (line.trimStart().startsWith('|')) {
      const rows: string[] = []
      while (i < lines.length && lines[i]!.trimStart().startsWith('|')) rows.push(lines[i++]!)
      out.push(...table(rows, style, width))
    } else {
      out.push(inlineText(line.replace(/ {2}$/, ''), style))
      i++
    }
  }
  // Blank lines once, none at the end.
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()
}
