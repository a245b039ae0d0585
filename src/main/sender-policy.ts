// Who may call IPC: a pure decision over plain facts, so it is tested without Electron.
import { originOf } from './app-url'

/** What the IPC wrapper reads, synchronously, from an `IpcMainInvokeEvent`. */
export interface SenderFacts {
  /** `event.senderFrame` is null once the frame has navigated away or been destroyed. */
  readonly frame: { readonly url: string; readonly isMainFrame: boolean } | null
  readonly webContentsId: number
}

export interface SenderPolicy {
  readonly allowedOrigins: readonly string[]
  readonly isTrustedWebContents: (id: number) => boolean
}

export type SenderDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'no-frame' | 'sub-frame' | 'bad-origin' | 'unknown-window' }

export function checkSender(facts: SenderFacts, policy: SenderPolicy): SenderDecision {
  if (facts.frame === null) return { ok: false, reason: 'no-frame' }
  if (!facts.frame.isMainFrame) return { ok: false, reason: 'sub-frame' }
  if (!isAllowedOrigin(facts.frame.url, policy.allowedOrigins)) return { ok: false, reason: 'bad-origin' }
  if (!policy.isTrustedWebContents(facts.webContentsId)) return { ok: false, reason: 'unknown-window' }
  return { ok: true }
}

/** True when the URL parses and its origin is one of ours: used for IPC senders and navigation. */
export function isAllowedOrigin(rawUrl: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(rawUrl)
  return origin !== null && allowedOrigins.includes(origin)
}
