import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

import { WebSocket, WebSocketServer } from 'ws'

import { EVENT_CHANNELS, type EventChannel } from '../shared/channels'
import type { CoreService } from '../core/service/types'

/** A client that cannot keep up (a stalled ssh tunnel) is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024
const HEARTBEAT_MS = 30_000

export interface EventsSocket {
  /** Completes an upgrade the caller has already authorised. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void
  clientCount(): number
  close(): Promise<void>
}

/** Forwards every event channel of the core to each connected WebSocket as `{ channel, payload }`. */
export function createEventsSocket(core: CoreService): EventsSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 })
  const alive = new WeakMap<WebSocket, boolean>()

  wss.on('connection', (ws) => {
    alive.set(ws, true)
    ws.on('pong', () => alive.set(ws, true))
    // Clients have nothing to say; anything they send is ignored.
    ws.on('message', () => undefined)
    const unsubscribes = (Object.values(EVENT_CHANNELS) as EventChannel[]).map((channel) =>
      core.on(channel, (payload) => {
        if (ws.readyState !== WebSocket.OPEN) return
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.terminate()
          return
        }
        ws.send(JSON.stringify({ channel, payload }))
      }),
    )
    // Unsubscribing lets the core stop its nvidia-smi when the last listener is gone.
    ws.once('close', () => {
      for (const unsubscribe of unsubscribes) unsubscribe()
    })
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
    close() {
      clearInterval(heartbeat)
      for (const ws of wss.clients) ws.terminate()
      return new Promise((resolve) => wss.close(() => resolve()))
    },
  }
}
