import type { IncomingMessage } from 'node:http'

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/** Lower-cased host name of a `Host` header value, without the port; null when malformed. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    if (end < 0) return null
    const rest = value.slice(end + 1)
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null
    return value.slice(0, end + 1)
  }
  const match = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(value)
  return match?.[1] ?? null
}

/** The host names a request may name: loopback, the bound host, and any the caller added. */
export function allowedHostnames(boundHost: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK_NAMES)
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost
  names.add(bound.toLowerCase())
  for (const name of extra) names.add(name.toLowerCase())
  return names
}

/**
 * DNS-rebinding defence: a page on evil.example that rebinds its name to 127.0.0.1 still sends
 * `Host: evil.example`. The port is not compared: `ssh -L 9000:127.0.0.1:<port>` makes the
 * browser send the local port, which the server cannot know, and the attacker controls no port.
 */
export function isAllowedHost(req: IncomingMessage, allowed: Set<string>): boolean {
  const host = req.headers.host
  if (!host) return false
  const name = hostnameOf(host)
  return name !== null && allowed.has(name)
}

/**
 * Cross-site requests carry an Origin that differs from the Host they were sent to. No Origin
 * (curl, scripts) is accepted: those still need the token.
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  const host = req.headers.host
  if (!host) return false
  return origin.toLowerCase() === `http://${host.toLowerCase()}`
}
