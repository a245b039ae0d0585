import type { GpuDoctorTransport } from '../../shared/api'

/** no-token: opened without the URL `gpu-doctor serve` printed, so nothing can be asked of the server. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'no-token'

/**
 * The contract's transport plus what only a network transport has: a connection that can drop.
 * The Electron preload object has neither hook; the renderer treats it as always connected.
 */
export interface RendererTransport extends GpuDoctorTransport {
  onConnectionChange?(listener: (status: ConnectionStatus) => void): () => void
}
