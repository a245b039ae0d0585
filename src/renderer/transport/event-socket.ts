import type { ConnectionStatus } from './types'
import { backoffDelay } from './backoff'

type Listener = (payload: unknown) => void

/** What the server says to this tab's token when the socket dropped: answers and accepts it, refuses it, or does not answer. */
export type ServerCheck = 'accepted' | 'refused' | 'unreachable'

export interface EventSocketDeps {
  url: string
  /** Asked after each drop; without it every drop is retried. */
  checkServer?: () => Promise<ServerCheck>
  createSocket?: (url: string) => WebSocket
  setTimer?: (fn: () => void, ms: number) => unknown
}

/**
 * One WebSocket to `/api/events`, reopened with backoff whenever it drops. Messages are
 * `{ channel, payload }`; listeners are kept across reconnects.
 */
export class EventSocket {
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly statusListeners = new Set<(s: ConnectionStatus) => void>()
  private readonly createSocket: (url: string) => WebSocket
  private readonly setTimer: (fn: () => void, ms: number) => unknown
  private failures = 0
  private status: ConnectionStatus = 'connecting'

  constructor(private readonly deps: EventSocketDeps) {
    this.createSocket = deps.createSocket ?? ((url) => new WebSocket(url))
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
    this.connect()
  }

  on(channel: string, listener: Listener): () => void {
    const set = this.listeners.get(channel) ?? new Set<Listener>()
    this.listeners.set(channel, set)
    set.add(listener)
    return () => set.delete(listener)
  }

  onStatus(listener: (s: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener)
    listener(this.status)
    return () => this.statusListeners.delete(listener)
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.status) return
    this.status = status
    for (const l of this.statusListeners) l(status)
  }

  private connect(): void {
    const ws = this.createSocket(this.deps.url)
    ws.onopen = () => {
      this.failures = 0
      this.setStatus('open')
    }
    ws.onmessage = (event: MessageEvent) => this.dispatch(event.data)
    ws.onclose = () => {
      if (this.status === 'token-refused') return
      this.setStatus('reconnecting')
      void this.retryLater()
    }
  }

  /** A refused token stops the retries for good: only the new URL that serve printed helps. */
  private async retryLater(): Promise<void> {
    const check = this.deps.checkServer ? await this.deps.checkServer().catch((): ServerCheck => 'unreachable') : 'unreachable'
    if (check === 'refused') return this.setStatus('token-refused')
    this.setTimer(() => this.connect(), backoffDelay(this.failures++))
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return
    let message: { channel?: unknown; payload?: unknown }
    try {
      message = JSON.parse(data) as typeof message
    } catch {
      return
    }
    if (typeof message.channel !== 'string') return
    for (const l of this.listeners.get(message.channel) ?? []) l(message.payload)
  }
}
