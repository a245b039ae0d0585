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
  let odd = 0
  for (const ch of head) {
    const code = ch.codePointAt(0)!
    if ((code < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r' && ch !== '\f' && ch !== '\u001b') || code === 0xfffd || (code >= 0x7f && code < 0xa0)) odd++
  }
  return odd > head.length * 0.1 ? 'not-text' : null
}
