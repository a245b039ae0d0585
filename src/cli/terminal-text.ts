// Text from input (a pasted file, a GPU name, a flag's value) reaches the terminal through here:
// escape sequences could set the window title, clear the screen or recolour it, and a 10,000-character
// value would bury the message that echoes it.

/** The monitor's own "home and clear" at the start of a frame; the only control sequence GPU Doctor writes. */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J'

// ESC sequences (CSI, OSC up to BEL/ST, DCS/SOS/PM/APC up to ST, two-character), then any other C0
// or C1 control except tab and line feed, DEL, and the bidi overrides that reorder what is shown.
/* eslint-disable no-control-regex -- matching control characters is the point */
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -~]?)/g
const C1_SEQUENCE = /\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x9c]*[\x07\x9c]?/g
const OTHER_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g
/* eslint-enable no-control-regex */

/** `text` without control characters and escape sequences; tabs and line breaks stay (CRLF becomes LF). */
export function stripControl(text: string): string {
  const body = text.startsWith(CLEAR_SCREEN) ? text.slice(CLEAR_SCREEN.length) : text
  const clean = body.replace(/\r\n/g, '\n').replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '').replace(OTHER_CONTROL, '')
  return body === text ? clean : CLEAR_SCREEN + clean
}

export { ECHO_MAX_CHARS, truncateEcho } from '../shared/echo-cut'
