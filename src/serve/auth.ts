import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** Cookie names start with this; the server's port is appended so two servers on one host do not clash. */
export const TOKEN_COOKIE_PREFIX = 'gpu-doctor-token'

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

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const name = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (name && !cookies.has(name)) cookies.set(name, value)
  }
  return cookies
}

/** Every token the request carries: `?token=`, `Authorization: Bearer`, and our cookies. */
export function presentedTokens(req: IncomingMessage, url: URL): string[] {
  const tokens: string[] = []
  const query = url.searchParams.get('token')
  if (query) tokens.push(query)
  const auth = req.headers.authorization
  if (auth) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth)
    if (match?.[1]) tokens.push(match[1])
  }
  for (const [name, value] of parseCookies(req.headers.cookie)) {
    if (name.startsWith(TOKEN_COOKIE_PREFIX)) tokens.push(value)
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

/** HttpOnly + SameSite=Strict: scripts cannot read it and other sites cannot make the browser send it. */
export function tokenCookie(port: number, token: string): string {
  return `${TOKEN_COOKIE_PREFIX}-${port}=${token}; HttpOnly; SameSite=Strict; Path=/`
}
