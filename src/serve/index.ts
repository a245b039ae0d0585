import { realpath } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname, networkInterfaces } from 'node:os'
import { domainToASCII } from 'node:url'
import type { Duplex } from 'node:stream'

import type { CoreService } from '../core/app/service/types'
import { generateToken, isAuthorized } from './auth'
import { type BackpressureLimits, createEventsSocket, type EventsSocketStats } from './events-socket'
import { allowedHostnames, isAllowedHost, isSameOrigin } from './guards'
import { sendErrorEnvelope, sendText, setSecurityHeaders } from './headers'
import { handleInvoke } from './invoke-route'
import { createStaticFiles } from './static-files'

export interface ServeOptions {
  core: CoreService
  /** Interface to bind; default 127.0.0.1. */
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** Fixed token (tests); default 32 random bytes as hex. */
  token?: string
  /** Extra names the Host header may carry, e.g. a machine name when binding 0.0.0.0. */
  allowedHosts?: string[]
  /** When a slow WebSocket client stops getting monitor samples, and when it is dropped (tests lower them). */
  eventLimits?: BackpressureLimits
  /**
   * `serve --metrics`: GET /metrics answers with this Prometheus text, without the token, so that a
   * Prometheus on the same machine can scrape it (the CLI allows it on loopback binds only).
   */
  metrics?: () => Promise<string>
}

export interface RunningServer {
  /** Open this: it carries the token. */
  url: string
  token: string
  port: number
  /** Event clients connected, samples held back from slow ones, slow ones dropped. */
  eventStats(): EventsSocketStats
  close(): Promise<void>
}

const INVOKE_PREFIX = '/api/invoke/'
const EVENTS_PATH = '/api/events'
const METRICS_PATH = '/metrics'

function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost')
  } catch {
    return null
  }
}

/** `gpu%3Aget-state` and `gpu:get-state` name the same channel; a bad escape names none. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

/**
 * Bound to every interface (0.0.0.0 / ::), the server is reached by this machine's own names and
 * addresses; those cannot be rebound by an attacker's DNS, so they are safe to accept.
 */
function wildcardNames(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return []
  // A browser sends a name in another script (a CJK host name) as its ASCII (punycode) form.
  const names = [hostname(), domainToASCII(hostname())].filter(Boolean)
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) names.push(info.family === 'IPv6' ? `[${info.address.split('%')[0]}]` : info.address)
  }
  return names
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/**
 * `gpu-doctor serve`: the renderer and the core's contract over HTTP + WebSocket, on loopback.
 * The static shell holds no secret and is served to any allowed Host; the API takes the token as a
 * Bearer header (or `?token=`), the WebSocket as `?token=`. No cookie is ever set.
 */
export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1'
  const token = opts.token ?? generateToken()
  if (token.length < 16) throw new Error('The access token must be at least 16 characters.')
  const rendererDir = await realpath(opts.rendererDir)
  const allowed = allowedHostnames(host, [...(opts.allowedHosts ?? []), ...wildcardNames(host)])
  const events = createEventsSocket(opts.core, opts.eventLimits)
  const files = createStaticFiles(rendererDir)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res)
    const url = requestUrl(req)
    if (!url) return sendText(res, 400, 'Bad request')
    if (!isAllowedHost(req, allowed)) return sendText(res, 403, 'Forbidden: unexpected Host header')
    if (opts.metrics && url.pathname === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      const text = await opts.metrics()
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : text)
      return
    }
    const isApi = url.pathname.startsWith('/api/')
    if (isApi && !isAuthorized(req, url, token)) {
      return sendErrorEnvelope(res, 401, 'unauthorized', 'Missing or wrong access token: open the URL that “gpu-doctor serve” printed.')
    }
    if (url.pathname.startsWith(INVOKE_PREFIX)) {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST')
        return sendErrorEnvelope(res, 405, 'method-not-allowed', 'Use POST.')
      }
      if (!isSameOrigin(req)) return sendErrorEnvelope(res, 403, 'forbidden-origin', 'Cross-origin request refused.')
      return handleInvoke(opts.core, decodeSegment(url.pathname.slice(INVOKE_PREFIX.length)), req, res)
    }
    if (isApi) return sendErrorEnvelope(res, 404, 'not-found', 'No such endpoint.')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return sendText(res, 405, 'Method not allowed')
    }
    return files.serve(req, url.pathname, res)
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy())
    const url = requestUrl(req)
    if (!url || url.pathname !== EVENTS_PATH) return rejectUpgrade(socket, 404, 'Not Found')
    if (!isAllowedHost(req, allowed)) return rejectUpgrade(socket, 403, 'Forbidden')
    if (!isSameOrigin(req)) return rejectUpgrade(socket, 403, 'Forbidden')
    if (!isAuthorized(req, url, token)) return rejectUpgrade(socket, 401, 'Unauthorized')
    events.accept(req, socket, head)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error')
      else res.destroy()
    })
  })
  server.requestTimeout = 30_000
  server.headersTimeout = 15_000
  server.on('upgrade', upgrade)
  server.on('clientError', (_err, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port

  let closing: Promise<void> | null = null
  return {
    url: `http://${urlHost(host)}:${port}/?token=${token}`,
    token,
    port,
    eventStats: () => events.stats(),
    close() {
      closing ??= (async () => {
        await events.close()
        const done = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await done
      })()
      return closing
    },
  }
}
