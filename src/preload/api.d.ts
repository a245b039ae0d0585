// `window.gpuDoctor` as the preload exposes it. Present in the Electron app only: under
// `gpu-doctor serve` the renderer talks to the HTTP/WebSocket transport instead.
import type { GpuDoctorTransport } from '../shared/api'

declare global {
  interface Window {
    readonly gpuDoctor?: GpuDoctorTransport
  }
}

export {}
