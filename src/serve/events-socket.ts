import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

import { WebSocket, WebSocketServer } from 'ws'

import { EVENT_CHANNELS, type EventChannel } from '../shared/channels'
import type { CoreService } from '../core/app/service/types'

export interface BackpressureLimits {
  /**
   * Above this many unsent bytes a client gets no more monitor samples until it catches up: samples
   * are a stream where the next one replaces the last, so a slow reader (a slow ssh tunnel) loses
   * some points of the chart, never a diagnosis or pull event.
   */
  throttleBytes: number
  /** Above this a client is dropped (it reconnects when it can): nothing is buffered without end. */
  dropBytes: number
}

export const DEFAULT_LIMITS: BackpressureLimits = { throttleBytes: 1024 * 1024, dropBytes: 4 * 1024 * 1024 }
const HEARTBEAT_MS = 30_000

export interface EventsSocketStats {
  clients: number
  /** Monitor samples not sent to a client that was behind. */
  throttled: number
  /** Clients dropped for being too far behind. */
  dropped: number
}

export interface EventsSocket {
  /** Completes an upgrade the caller has already authorised. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void
  clientCount(): number
  stats(): EventsSocketStats
  close(): Promise<void>
}

/**
 * Forwards every event channel of the core to each connected WebSocket as `{ channel, payload }`.
 * One listener per channel on the core, whatever the number of clients (no MaxListeners warning
 * past 10 tabs), each event serialised once; subscribed while at least one client is connected, so
 * the core stops its nvidia-smi stream when the last one leaves.
 */
export function createEventsSocket(core: CoreService, limits: BackpressureLimits = DEFAULT_LIMITS): EventsSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 })
  const alive = new WeakMap<WebSocket, boolean>()
  const clients = new Set<WebSocket>()
  const counts = { throttled: 0, dropped: 0 }
  let unsubscribes: Array<() => void> = []

  function broadcast(channel: EventChannel, payload: unknown): void {
    let frame: string | null = null
    for (const ws of clients) {
      if (ws.readyState !== WebSocket.OPEN) continue
      const behind = ws.bufferedAmount
      if (behind > limits.dropBytes) {
        counts.dropped++
        clients.delete(ws)
        ws.terminate()
        continue
      }
      if (behind > limits.throttleBytes && channel === EVENT_CHANNELS.monitorSample) {
        counts.throttled++
        continue
      }
      frame ??= JSON.stringify({ channel, payload })
      ws.send(frame)
    }
  }

  function subscribe(): void {
    unsubscribes = (Object.values(EVENT_CHANNELS) as EventChannel[]).map((channel) => core.on(channel, (payload) => broadcast(channel, payload)))
  }

  function unsubscribe(): void {
    for (const u of unsubscribes) u()
    unsubscribes = []
  }

  function leave(ws: WebSocket): void {
    clients.delete(ws)
    // Unsubscribing lets the core stop its nvidia-smi when the last client is gone.
    if (clients.size === 0 && unsubscribes.length > 0) unsubscribe()
  }

  wss.on('connection', (ws) => {
    alive.set(ws, true)
    ws.on('pong', () => alive.set(ws, true))
    // Clients have nothing to say; anything they send is ignored.
    ws.on('message', () => undefined)
    clients.add(ws)
    if (unsubscribes.length === 0) subscribe()
    ws.once('close', () => leave(ws))
    ws.on('error', () => ws.terminate())
  })

  // Detects connections that died without a close frame (dropped tunnels, sleeping laptops).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  return {
    accept(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    clientCount: () => wss.clients.size,
    stats: () => ({ clients: clients.size, ...counts }),
    close() {
      clearInterval(heartbeat)
      for (const ws of wss.clients) ws.terminate()
      unsubscribe()
      clients.clear()
      return new Promise((resolve) => wss.close(() => resolve()))
    },
  }
}
