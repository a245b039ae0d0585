// How a painted piece of text is marked until it reaches the terminal. The marks are private-use
// characters with a nonce drawn for each run: the stdout guard strips every control character that
// came from input, then turns only marks carrying this run's nonce into colour (terminal-style.ts),
// so a pasted log or a GPU name can neither recolour the terminal nor forge a mark.

/** Opens a painted piece: `OPEN`, the nonce, the kind. */
export const OPEN = '\ue000'
/** Closes it: `CLOSE`, the nonce. */
export const CLOSE = '\ue001'
export const NONCE_LENGTH = 4
/** The nonce's characters, and the kinds' (one character each). */
export const NONCE_FROM = 0xe100
export const KIND_FROM = 0xe010

/** Any mark, whatever its nonce: what takes no column (display-width.ts) and what plain output must never hold. */
export const STYLE_MARK = /\ue000[\ue100-\ue1ff]{4}[\ue010-\ue01f]|\ue001[\ue100-\ue1ff]{4}/g
