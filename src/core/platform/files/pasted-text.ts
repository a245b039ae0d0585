/** Why a pasted text cannot be analysed at all, or null when it is text worth reading. */
export type PastedTextProblem = 'empty' | 'not-text'

/**
 * An empty paste or a binary file (a core dump, an image, /dev/urandom) would otherwise be "recognised
 * as a log with no known failure": say so instead. Binary: a NUL byte, or more than 10 % of the first
 * 64 KiB being control characters or undecodable bytes (tabs, line breaks and ANSI escapes are text).
 */
export function pastedTextProblem(text: string): PastedTextProblem | null {
  if (text.trim() === '') return 'empty'
  const head = text.slice(0, 65_536)
  if (head.includes('\u0000')) return 'not-text'
  // A regular expression, not a loop over the characters: a short command runs this loop once,
  // uncompiled, which cost 3–4 ms for 27 KB. Every character counted is one UTF-16 unit.
  const odd = head.match(ODD_CHARACTERS)?.length ?? 0
  return odd > head.length * 0.1 ? 'not-text' : null
}

/** Control characters other than tab, line feed, form feed, carriage return and ESC; C1 controls; U+FFFD. */
// eslint-disable-next-line no-control-regex
const ODD_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f-\u009f\ufffd]/g
