const BASE_MS = 500
const MAX_MS = 10_000

/** Reconnect delay after `attempt` failures: exponential, capped, with up to 20% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt))
  return Math.round(exp * (0.8 + 0.2 * random()))
}
