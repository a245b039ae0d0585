import { EventEmitter } from 'node:events'

import type Docker from 'dockerode'

import type { EngineState } from '../../../shared/docker'
import { CONNECT_TIMEOUT_MS, connectEngine, type Connection } from './connect'
import { endpointLabel } from './endpoint'

export interface EngineHealthOptions {
  env?: NodeJS.ProcessEnv
  /** Ping period while the engine is up. */
  pollMs?: number
  /** Deadline of one ping + version + info. */
  timeoutMs?: number
  /** First and longest wait before trying a down engine again. */
  retryMs?: number
  maxRetryMs?: number
  connect?: (env: NodeJS.ProcessEnv, timeoutMs: number) => Promise<Connection>
}

/** Exponential backoff: retry, 2×retry, 4×retry… capped at max. */
export function backoffDelay(attempt: number, retryMs: number, maxRetryMs: number): number {
  return Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, attempt - 1))
}

/**
 * The engine as a state machine (up / down with the reason), not a try/catch at every call:
 * pings on a timer with a deadline, backs off while the engine is down and reconnects when it
 * returns. Emits 'state' whenever the kind or the reason changes. Nothing here throws.
 */
export class EngineHealth extends EventEmitter<{ state: [EngineState] }> {
  private current: EngineState
  private docker: Docker | null = null
  private timer: NodeJS.Timeout | null = null
  private running = false
  private inFlight: Promise<EngineState> | null = null
  private readonly options: Required<Omit<EngineHealthOptions, 'env'>> & { env: NodeJS.ProcessEnv }

  constructor(options: EngineHealthOptions = {}) {
    super()
    this.options = {
      env: options.env ?? process.env,
      pollMs: options.pollMs ?? 5_000,
      timeoutMs: options.timeoutMs ?? CONNECT_TIMEOUT_MS,
      retryMs: options.retryMs ?? 1_000,
      maxRetryMs: options.maxRetryMs ?? 30_000,
      connect: options.connect ?? connectEngine,
    }
    this.current = { kind: 'unknown', endpoint: endpointLabel(this.options.env) }
  }

  get state(): EngineState {
    return this.current
  }

  /** The client while the engine is up, else null: callers show the down state instead of calling. */
  get client(): Docker | null {
    return this.current.kind === 'up' ? this.docker : null
  }

  /** Pings now (joining a ping already under way) and returns the new state. */
  check(): Promise<EngineState> {
    this.inFlight ??= this.options
      .connect(this.options.env, this.options.timeoutMs)
      .then((c) => this.apply(c))
      .finally(() => (this.inFlight = null))
    return this.inFlight
  }

  /** Starts polling; the first check runs at once. */
  start(): void {
    if (this.running) return
    this.running = true
    void this.tick()
  }

  stop(): void {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async tick(): Promise<void> {
    const state = await this.check()
    if (!this.running) return
    const delay = state.kind === 'down' ? state.retryInMs : this.options.pollMs
    this.timer = setTimeout(() => void this.tick(), delay)
    this.timer.unref()
  }

  private apply(c: Connection): EngineState {
    const before = this.current
    const now = Date.now()
    if (c.ok) {
      this.docker = c.docker
      this.current = { kind: 'up', info: c.info, checkedAt: now }
    } else {
      const attempt = before.kind === 'down' ? before.attempt + 1 : 1
      this.current = {
        kind: 'down',
        endpoint: c.endpoint,
        problem: c.problem,
        attempt,
        retryInMs: backoffDelay(attempt, this.options.retryMs, this.options.maxRetryMs),
        checkedAt: now,
      }
    }
    if (changed(before, this.current)) this.emit('state', this.current)
    return this.current
  }
}

function changed(a: EngineState, b: EngineState): boolean {
  if (a.kind !== b.kind) return true
  if (a.kind === 'down' && b.kind === 'down') return a.problem.code !== b.problem.code
  if (a.kind === 'up' && b.kind === 'up') return a.info.serverVersion !== b.info.serverVersion || a.info.runtimes.join() !== b.info.runtimes.join()
  return false
}
