import { CLOSE, KIND_FROM, NONCE_FROM, NONCE_LENGTH, OPEN } from './style-mark'

/** What a piece of text says, and so its colour: a pass, a warning, a failure, a note, a heading, a quiet aside. */
export const STYLE_KINDS = { ok: '32', warn: '33', fail: '31', info: '36', bold: '1', dim: '2' } as const
export type StyleKind = keyof typeof STYLE_KINDS
const KINDS = Object.keys(STYLE_KINDS) as StyleKind[]

/** Colour for the CLI's own words on a terminal; plain text (no marks at all) elsewhere. */
export interface Style {
  /** True when colour is on: output goes to a terminal that wants it (see wantsColour). */
  readonly on: boolean
  /** `text` marked as `kind`; unchanged when colour is off. */
  paint(kind: StyleKind, text: string): string
  /** Marks of this run turned into SGR escape sequences (after the guard has stripped input's). */
  toTerminal(text: string): string
}

/**
 * Whether the CLI colours what it prints to `stream`: never with NO_COLOR set to anything
 * (https://no-color.org: the user's word against colour wins); FORCE_COLOR set to anything but 0 or
 * false forces it, even into a pipe; never for TERM=dumb; else exactly when the stream is a terminal.
 */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false
  const force = env.FORCE_COLOR
  if (force !== undefined) return !/^(0|false)$/i.test(force.trim())
  if (env.TERM === 'dumb') return false
  return stream.isTTY === true
}

const PLAIN: Style = { on: false, paint: (_kind, text) => text, toTerminal: (text) => text }

export function createStyle(on: boolean): Style {
  if (!on) return PLAIN
  const values = new Uint8Array(NONCE_LENGTH)
  globalThis.crypto.getRandomValues(values)
  const nonce = String.fromCharCode(...[...values].map((v) => NONCE_FROM + v))
  const open = new Map(KINDS.map((k, i) => [`${OPEN}${nonce}${String.fromCharCode(KIND_FROM + i)}`, `\x1b[${STYLE_KINDS[k]}m`]))
  const close = `${CLOSE}${nonce}`
  const marks = new RegExp(`${[...open.keys(), close].join('|')}`, 'g')
  return {
    on: true,
    paint: (kind, text) => (text === '' ? text : `${OPEN}${nonce}${String.fromCharCode(KIND_FROM + KINDS.indexOf(kind))}${text}${close}`),
    toTerminal: (text) => text.replace(marks, (mark) => open.get(mark) ?? '\x1b[0m'),
  }
}
