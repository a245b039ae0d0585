// Escape sequences could set a terminal's title, clear or recolour it, and the bidi overrides reorder
// what a reader sees: text from input (a kernel log, a GPU name) keeps neither, on a terminal or in a
// document GPU Doctor writes.

// ESC sequences (CSI, OSC up to BEL/ST, DCS/SOS/PM/APC up to ST, two-character), then any other C0
// or C1 control except tab and line feed, DEL, and the bidi overrides that reorder what is shown.
/* eslint-disable no-control-regex -- matching control characters is the point */
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -~]?)/g
const C1_SEQUENCE = /\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x9c]*[\x07\x9c]?/g
const OTHER_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g
/* eslint-enable no-control-regex */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g

/** `text` without control characters and escape sequences; tabs and line breaks stay (CRLF becomes LF). */
export function stripControlChars(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '').replace(OTHER_CONTROL, '')
}

/**
 * A document as written to a file or download: Markdown and HTML without control characters; JSON
 * keeps every value but writes the bidi controls as \u escapes (JSON.stringify already escapes C0).
 */
export function cleanDocument(text: string, format: 'md' | 'html' | 'json'): string {
  if (format === 'json') return text.replace(BIDI, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return stripControlChars(text)
}
