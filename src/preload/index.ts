// The renderer's only door to main: `window.gpuDoctor`, a GpuDoctorTransport over fixed channels.
// Sandboxed preload: imports only `electron`, the import-free channel constants and types.
import { contextBridge, ipcRenderer } from 'electron'
import type { IpcRendererEvent } from 'electron'

import type { GpuDoctorTransport } from '../shared/api'
import type { EventChannel, InvokeChannel } from '../shared/channels'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/channels'
import type { Envelope, EventPayload, InvokeArgs, InvokeResult } from '../shared/contract'

const invokeChannels: ReadonlySet<string> = new Set(Object.values(INVOKE_CHANNELS))
const eventChannels: ReadonlySet<string> = new Set(Object.values(EVENT_CHANNELS))

function failure(code: string, message: string): Envelope<never> {
  return { ok: false, error: { code, message } }
}

function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Envelope<InvokeResult<C>>> {
  if (!invokeChannels.has(channel)) {
    return Promise.resolve(failure('unknown-channel', `Unknown request "${String(channel)}".`))
  }
  // Main validates and answers with an envelope; an IPC-level failure (no handler, window
  // closing) becomes one too, so callers never see a rejected promise.
  const reply: Promise<Envelope<InvokeResult<C>>> = ipcRenderer.invoke(channel, ...args)
  return reply.catch((error: unknown) => failure('ipc-failed', error instanceof Error ? error.message : String(error)))
}

function on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
  if (!eventChannels.has(channel)) throw new TypeError(`Unknown event channel "${String(channel)}".`)
  // The IpcRendererEvent carries `sender`: never hand it to the page.
  const forward = (_event: IpcRendererEvent, payload: EventPayload<C>): void => listener(payload)
  ipcRenderer.on(channel, forward)
  return () => {
    ipcRenderer.removeListener(channel, forward)
  }
}

const transport: GpuDoctorTransport = { invoke, on }

contextBridge.exposeInMainWorld('gpuDoctor', transport)
