// The one place IPC handlers are registered: sender check (synchronous), then the core, which
// validates arguments with the zod contract and answers with an Envelope.
import type { IpcMainInvokeEvent } from 'electron'

import type { CoreService } from '../core/app/service/types'
import type { EventChannel, InvokeChannel } from '../shared/channels'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/channels'
import type { Envelope } from '../shared/contract'
import type { SenderFacts } from './sender-policy'
import { checkSender } from './sender-policy'
import type { TrustedContents } from './trusted-contents'

/** The part of `ipcMain` used here; the real one is passed in by index.ts. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

export interface IpcDeps {
  readonly ipcMain: IpcMainLike
  readonly core: CoreService
  readonly trusted: TrustedContents
  readonly allowedOrigins: readonly string[]
  readonly warn?: (message: string) => void
}

/** Registers every invoke channel and forwards core events; returns a function undoing both. */
export function registerIpc(deps: IpcDeps): () => void {
  const warn = deps.warn ?? ((message: string) => console.warn(message))
  const policy = {
    allowedOrigins: deps.allowedOrigins,
    isTrustedWebContents: (id: number) => deps.trusted.has(id),
  }
  const invokeChannels: InvokeChannel[] = Object.values(INVOKE_CHANNELS)
  for (const channel of invokeChannels) {
    deps.ipcMain.handle(channel, (event, ...args) => {
      // Read before any await: senderFrame can turn null once the frame navigates.
      const decision = checkSender(senderFactsOf(event), policy)
      if (!decision.ok) {
        warn(`gpu-doctor: refused IPC "${channel}" from WebContents ${event.sender.id} (${decision.reason})`)
        return Promise.resolve(refused(decision.reason))
      }
      // Each window is its own caller: it cancels only its own watches.
      return deps.core.invoke(channel, args, { id: `window-${event.sender.id}` }).catch((error: unknown) => internalError(error))
    })
  }

  const eventChannels: EventChannel[] = Object.values(EVENT_CHANNELS)
  const unsubscribes = eventChannels.map((channel) =>
    deps.core.on(channel, (payload) => deps.trusted.broadcast(channel, payload)),
  )

  return () => {
    for (const channel of invokeChannels) deps.ipcMain.removeHandler(channel)
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}

export function senderFactsOf(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): SenderFacts {
  let frame: SenderFacts['frame'] = null
  try {
    const senderFrame = event.senderFrame
    if (senderFrame !== null) frame = { url: senderFrame.url, isMainFrame: senderFrame.parent === null }
  } catch {
    // A frame disposed mid-read counts as no frame.
  }
  return { frame, webContentsId: event.sender.id }
}

function refused(reason: string): Envelope<never> {
  return { ok: false, error: { code: 'forbidden-sender', message: `Request refused: untrusted sender (${reason}).` } }
}

function internalError(error: unknown): Envelope<never> {
  return { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } }
}
