import type { GpuDoctorTransport } from '../../shared/api'

/**
 * reconnecting: the server does not answer (stopped, or the network is down); tried again with backoff.
 * no-token: opened without the URL `gpu-doctor serve` printed, so nothing can be asked of the server.
 * token-refused: the server answers but refuses this tab's token (it was restarted with a new one): no retry helps.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'no-token' | 'token-refused'

/**
 * The contract's transport plus what only a network transport has: a connection that can drop.
 * The Electron preload object has neither hook; the renderer treats it as always connected.
 */
export interface RendererTransport extends GpuDoctorTransport {
  onConnectionChange?(listener: (status: ConnectionStatus) => void): () => void
}
