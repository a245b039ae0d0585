// Names that come from outside — a process's comm and command line, a container name — may hold
// any byte. Made one line where they enter, they cannot start a new line of their own in a terminal,
// a Markdown table or a report ("…\nHealthy: no bottleneck").

/* eslint-disable no-control-regex -- control characters are what this finds */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
/* eslint-enable no-control-regex */

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** `text` on one line: every control character (line breaks, escapes, bidi overrides) shown as an escape such as `\n` or `\u001b`. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
