/** The longest value a message echoes back (README: "a value echoed in a message is cut to 200 characters"). */
export const ECHO_MAX_CHARS = 200

/** A value to echo in a message: at most ECHO_MAX_CHARS, saying how long it really was. */
export function truncateEcho(value: string, max = ECHO_MAX_CHARS): string {
  return value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value
}
