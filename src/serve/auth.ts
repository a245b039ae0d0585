import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** 32 random bytes as hex, like Jupyter's token. */
export function generateToken(): string {
  return randomBytes(32).toString('hex')
}

/** Constant-time comparison; hashing first makes the lengths equal, so length leaks nothing either. */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/**
 * Every token the request carries: `Authorization: Bearer` and `?token=` (a WebSocket cannot send
 * headers from a browser). Never a cookie: cookies are not scoped by port, so one set here would
 * reach every other service on 127.0.0.1 the browser visits.
 */
export function presentedTokens(req: IncomingMessage, url: URL): string[] {
  const tokens: string[] = []
  const query = url.searchParams.get('token')
  if (query) tokens.push(query)
  const auth = req.headers.authorization
  if (auth) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth)
    if (match?.[1]) tokens.push(match[1])
  }
  return tokens
}

export function isAuthorized(req: IncomingMessage, url: URL, token: string): boolean {
  // Check every candidate (no early exit) so timing does not tell which one matched.
  let ok = false
  for (const candidate of presentedTokens(req, url)) {
    if (tokensEqual(candidate, token)) ok = true
  }
  return ok
}
