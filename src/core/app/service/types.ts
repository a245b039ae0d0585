import type { EventChannel, InvokeChannel } from '../../../shared/channels'
import type { Envelope, EventPayload, InvokeResult } from '../../../shared/contract'

/**
 * Who asks: a window of the app, a browser tab of serve. Work a caller starts that runs on (a watch)
 * is its own: it cancels only that, and `signal` aborts when the caller is gone (the HTTP request's
 * connection closed), which stops that work.
 */
export interface Caller {
  id: string
  signal?: AbortSignal
}

/** The caller of a front end that does not tell its callers apart. */
export const LOCAL_CALLER: Caller = { id: 'local' }

/**
 * The core as every front end sees it: Electron main and `gpu-doctor serve` both call `invoke`
 * with raw, untrusted arguments (validated here against the zod contract) and subscribe to events.
 */
export interface CoreService {
  invoke<C extends InvokeChannel>(channel: C, rawArgs: unknown[], caller?: Caller): Promise<Envelope<InvokeResult<C>>>
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void
  /** Stops everything the core started (the monitor's nvidia-smi process above all). */
  dispose(): Promise<void>
}
