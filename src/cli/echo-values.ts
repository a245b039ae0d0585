import { truncateEcho } from './terminal-text'

// Our own explanations (why a file could not be parsed) run longer than an echoed value.
const limit = (key: string) => (key === 'reason' || key === 'message' || key === 'detail' ? 1000 : undefined)

/**
 * A message's values as the CLI shows them: every text value cut to ECHO_MAX_CHARS (1000 for our own
 * explanations), as a message echoes a flag or a file name, never 10,000 characters of it. Options
 * that are not values (defaultValue, ns) stay as they are; anything but an object is returned as it is.
 */
export function cutValues<T>(options: T): T {
  return (
    options && typeof options === 'object' && !Array.isArray(options)
      ? Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' && k !== 'defaultValue' && k !== 'ns' ? truncateEcho(v, limit(k)) : v]))
      : options
  ) as T
}
