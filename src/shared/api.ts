import type { EventChannel, InvokeChannel } from './channels'
import type { Envelope, EventPayload, InvokeArgs, InvokeResult } from './contract'

/**
 * What the renderer calls: the preload's `window.gpuDoctor` in Electron, or the HTTP/WebSocket
 * client in `gpu-doctor serve`. Both speak the same contract.
 */
export interface GpuDoctorTransport {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Envelope<InvokeResult<C>>>
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void
}
