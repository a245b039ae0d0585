// Text made to fit a terminal's width: broken between words (and between CJK characters, which
// need no space), continued under the text of a list item or indented line, a shell command
// continued with ` \` so that it still runs as copied.
import { charWidth, displayWidth } from './display-width'
import { STYLE_MARK } from './style-mark'

interface Word {
  /** The spaces before it in the line (dropped where the line breaks there). */
  gap: string
  text: string
  width: number
}

// Characters no line starts with (closing punctuation, CJK and ASCII), and those no line ends with.
const NO_LINE_START = /^[)\]}.,;:!?%\u3001\u3002\u3009\u300b\u300d\u300f\u3011\u3015\u3017\uff01\uff09\uff0c\uff0e\uff1a\uff1b\uff1f\uff3d\uff5d]$/
const NO_LINE_END = /^[([{\u3008\u300a\u300c\u300e\u3010\u3014\u3016\uff08\uff3b\uff5b]$/
// A list item's marker, whose text the continuation lines align with.
const LIST_MARKER = /^(?:[-*\u2022] |\d+\. |\[[a-z]+\] |[\u2714\u26a0\u2718\u2013\u2139] )/

/** The line cut into marks, spaces and characters, each kept whole. */
function atoms(text: string): string[] {
  const out: string[] = []
  let last = 0
  for (const m of text.matchAll(new RegExp(STYLE_MARK.source, 'g'))) {
    out.push(...text.slice(last, m.index), m[0])
    last = m.index + m[0].length
  }
  out.push(...text.slice(last))
  return out
}

const isMark = (atom: string) => atom.length > 2

/** Words: runs of characters with no break opportunity inside; a line may break before and after a CJK character. */
function words(text: string): Word[] {
  const out: Word[] = []
  let gap = ''
  let current: Word | null = null
  let last = ''
  for (const atom of atoms(text)) {
    if (atom === ' ') {
      gap += atom
      current = null
      continue
    }
    const width = isMark(atom) ? 0 : charWidth(atom)
    const wideBreak = width === 2 && !NO_LINE_START.test(atom) && !NO_LINE_END.test(last)
    const afterWide = width > 0 && charWidth(last) === 2 && !NO_LINE_END.test(last) && !NO_LINE_START.test(atom)
    if (current && (width === 0 || current.width === 0 || !(wideBreak || afterWide))) {
      current.text += atom
      current.width += width
    } else {
      current = { gap, text: atom, width }
      out.push(current)
      gap = ''
    }
    if (width > 0) last = atom
  }
  return out
}

/** One line broken to `width` columns, its continuation lines starting `hang` spaces in. */
function fill(indent: string, body: string, width: number, hang: number, shell: boolean): string[] {
  const lines: string[] = []
  // A shell command's lines keep two columns for their ` \`.
  const room = shell ? width - 2 : width
  let line = indent
  let used = displayWidth(indent)
  let empty = true
  const next = () => {
    lines.push(shell ? `${line} \\` : line.trimEnd())
    line = ' '.repeat(hang)
    used = hang
    empty = true
  }
  for (const w of words(body)) {
    if (!empty && used + w.gap.length + w.width > room) next()
    else if (!empty) {
      line += w.gap
      used += w.gap.length
    }
    // A word wider than a whole line (a URL, a path, a token) stays whole: the terminal folds it,
    // and copying it from there gives it back in one piece, which a line break would not.
    line += w.text
    used += w.width
    empty = false
  }
  lines.push(line.trimEnd())
  return lines
}

/**
 * A line wrapped to `width` columns (one line, as it is, where it fits). Continuation lines start
 * under a list item's text, two columns in from an indented line, or `hang` columns in where given.
 */
export function wrapLine(line: string, width: number, hang?: number): string[] {
  if (displayWidth(line) <= width) return [line]
  const indent = /^ */.exec(line)![0]
  const body = line.slice(indent.length)
  const marker = LIST_MARKER.exec(body.replace(STYLE_MARK, ''))?.[0]
  const shell = body.startsWith('$ ')
  const wanted = hang ?? indent.length + (shell ? 4 : marker ? displayWidth(marker) : indent.length > 0 ? 2 : 0)
  // Leave at least half the width for text after the hanging indent.
  return fill(indent, body, width, Math.min(wanted, Math.floor(width / 2)), shell)
}

/** `text` with every line wrapped to `width` columns; as it is when width is undefined (a pipe or a file). */
export function wrapText(text: string, width: number | undefined): string {
  if (width === undefined) return text
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, width))
    .join('\n')
}
