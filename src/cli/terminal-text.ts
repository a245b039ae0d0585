// Text from input (a pasted file, a GPU name, a flag's value) reaches the terminal through here:
// escape sequences could set the window title, clear the screen or recolour it, and a 10,000-character
// value would bury the message that echoes it.
import { stripControlChars } from '../shared/control-text'

/** The monitor's own "home and clear" at the start of a frame; with the progress line's `\r` … `ESC[K`, the only control sequences GPU Doctor writes. */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J'
/** Erase to the end of the line, after a progress line redrawn in place (see redrawLine). */
export const CLEAR_LINE_END = '\x1b[K'

/** `text` without control characters and escape sequences; tabs and line breaks stay (CRLF becomes LF). */
export function stripControl(text: string): string {
  const body = text.startsWith(CLEAR_SCREEN) ? text.slice(CLEAR_SCREEN.length) : text
  const clean = stripControlChars(body)
  return body === text ? clean : CLEAR_SCREEN + clean
}

export { ECHO_MAX_CHARS, truncateEcho } from '../shared/echo-cut'
