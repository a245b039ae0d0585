import type { EventChannel, InvokeChannel } from '../../shared/channels'
import type { Envelope, EventPayload, InvokeArgs, InvokeResult } from '../../shared/contract'
import { EventSocket, type ServerCheck } from './event-socket'
import { httpInvoke } from './http-invoke'
import type { RendererTransport } from './types'

/** The WebSocket URL next to the page: ws(s)://<same host>/…/api/events[?token=]. */
export function eventsUrl(pageHref: string, token: string | null): string {
  const url = new URL('./api/events', pageHref)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.search = token ? `?token=${encodeURIComponent(token)}` : ''
  url.hash = ''
  return url.toString()
}

/** `gpu-doctor serve`: invokes over POST, events over one reconnecting WebSocket. */
export function createBrowserTransport(pageHref: string, token: string | null): RendererTransport {
  if (token === null) return tokenlessTransport()
  const socket = new EventSocket({ url: eventsUrl(pageHref, token), checkServer: () => checkServer(fetch, token) })
  // One id per page load: this tab's watches are its own on the server. (getRandomValues, unlike
  // randomUUID, works outside a secure context: serve reached by a machine name over plain HTTP.)
  const clientId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  return {
    invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) {
      return httpInvoke(fetch, channel, args, token, clientId) as Promise<Envelope<InvokeResult<C>>>
    },
    on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void) {
      // The server sends only payloads the core emitted, which the core typed from the contract.
      return socket.on(channel, listener as (payload: unknown) => void)
    },
    onConnectionChange: (listener) => socket.onStatus(listener),
  }
}

/**
 * A GET of the events path with the token as a header: 401 means the server is up and refuses the
 * token; any other answer means it is up (the socket is tried again at once); no answer in 3 s, down.
 */
export async function checkServer(fetchFn: typeof fetch, token: string): Promise<ServerCheck> {
  try {
    const response = await fetchFn('./api/events', {
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(3000),
    })
    return response.status === 401 ? 'refused' : 'accepted'
  } catch {
    return 'unreachable'
  }
}

/** Without the token the server refuses everything: say so once instead of retrying the socket. */
function tokenlessTransport(): RendererTransport {
  return {
    invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) {
      return httpInvoke(fetch, channel, args, null) as Promise<Envelope<InvokeResult<C>>>
    },
    on: () => () => undefined,
    onConnectionChange(listener) {
      listener('no-token')
      return () => undefined
    },
  }
}
