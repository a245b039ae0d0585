import MarkdownIt from 'markdown-it'

/** A token of the parsed document, flattened: block tokens and the inline tokens inside them. */
export interface MdNode {
  type: string
  content: string
  inline: boolean
}

// Raw HTML on, as on GitHub: a tag that got through would show up as an html_* token.
const parser = new MarkdownIt({ html: true, linkify: false })

/** Parses Markdown as CommonMark (plus GFM tables and strikethrough) and lists every token. */
export function markdownNodes(md: string): MdNode[] {
  const out: MdNode[] = []
  for (const token of parser.parse(md, {})) {
    out.push({ type: token.type, content: token.content, inline: false })
    for (const child of token.children ?? []) out.push({ type: child.type, content: child.content, inline: true })
  }
  return out
}

/** How many of each block-level token the document has: its structure, whatever the words. */
export function blockShape(md: string): Record<string, number> {
  const shape: Record<string, number> = {}
  for (const n of markdownNodes(md)) if (!n.inline && n.type !== 'inline') shape[n.type] = (shape[n.type] ?? 0) + 1
  return shape
}
