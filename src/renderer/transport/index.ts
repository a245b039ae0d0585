import type { GpuDoctorTransport } from '../../shared/api'
import { createBrowserTransport } from './browser-transport'
import { takeToken } from './token'
import type { RendererTransport } from './types'

export type { ConnectionStatus, RendererTransport } from './types'

/** The Electron preload's object when present, else the HTTP + WebSocket client of `serve`. */
export function pickTransport(win: Window): RendererTransport {
  const preload = (win as Window & { gpuDoctor?: GpuDoctorTransport }).gpuDoctor
  if (preload && typeof preload.invoke === 'function' && typeof preload.on === 'function') return preload
  const token = takeToken(win)
  return createBrowserTransport(win.location.href, token)
}
