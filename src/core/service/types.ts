import type { EventChannel, InvokeChannel } from '../../shared/channels'
import type { Envelope, EventPayload, InvokeResult } from '../../shared/contract'

/**
 * The core as every front end sees it: Electron main and `gpu-doctor serve` both call `invoke`
 * with raw, untrusted arguments (validated here against the zod contract) and subscribe to events.
 */
export interface CoreService {
  invoke<C extends InvokeChannel>(channel: C, rawArgs: unknown[]): Promise<Envelope<InvokeResult<C>>>
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void
  /** Stops everything the core started (the monitor's nvidia-smi process above all). */
  dispose(): Promise<void>
}
