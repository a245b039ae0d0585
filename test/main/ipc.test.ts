import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'

import type { CoreService } from '../../src/core/app/service/types'
import type { IpcMainLike } from '../../src/main/ipc'
import { registerIpc } from '../../src/main/ipc'
import type { TrustableContents } from '../../src/main/trusted-contents'
import { TrustedContents } from '../../src/main/trusted-contents'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../src/shared/channels'

type Listener = Parameters<IpcMainLike['handle']>[1]

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>()
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  call(channel: string, event: IpcMainInvokeEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler(event, ...args)
  }
}

class FakeContents implements TrustableContents {
  destroyed = false
  readonly sent: [string, unknown][] = []
  private onDestroyed: (() => void) | null = null
  constructor(readonly id: number) {}
  isDestroyed(): boolean {
    return this.destroyed
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload])
  }
  once(_event: 'destroyed', listener: () => void): void {
    this.onDestroyed = listener
  }
  destroy(): void {
    this.destroyed = true
    this.onDestroyed?.()
  }
}

function fakeCore() {
  const listeners = new Map<string, (payload: unknown) => void>()
  const core = {
    invoke: vi.fn(async (_channel: string, args: unknown[]) => ({ ok: true as const, value: { echoed: args } })),
    on: vi.fn((channel: string, listener: (payload: unknown) => void) => {
      listeners.set(channel, listener)
      return () => listeners.delete(channel)
    }),
    dispose: vi.fn(async () => {}),
  }
  return { core: core as unknown as CoreService & typeof core, listeners }
}

function event(contentsId: number, frame: { url: string; parent: object | null } | null): IpcMainInvokeEvent {
  return { sender: { id: contentsId }, senderFrame: frame } as unknown as IpcMainInvokeEvent
}

const APP_PAGE = 'app://gpu-doctor/index.html'

function setup() {
  const ipcMain = new FakeIpcMain()
  const { core, listeners } = fakeCore()
  const trusted = new TrustedContents()
  const contents = new FakeContents(7)
  trusted.add(contents)
  const warn = vi.fn()
  const unregister = registerIpc({ ipcMain, core, trusted, allowedOrigins: ['app://gpu-doctor'], warn })
  return { ipcMain, core, listeners, trusted, contents, warn, unregister }
}

describe('registerIpc', () => {
  it('registers exactly the contract channels', () => {
    const { ipcMain } = setup()
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort())
  })

  it('forwards a trusted call to the core with the raw arguments', async () => {
    const { ipcMain, core } = setup()
    const reply = await ipcMain.call(INVOKE_CHANNELS.startMonitor, event(7, { url: APP_PAGE, parent: null }), {
      intervalMs: 1000,
    })
    expect(core.invoke).toHaveBeenCalledWith(INVOKE_CHANNELS.startMonitor, [{ intervalMs: 1000 }], { id: 'window-7' })
    expect(reply).toEqual({ ok: true, value: { echoed: [{ intervalMs: 1000 }] } })
  })

  it.each([
    ['a destroyed frame', event(7, null), 'no-frame'],
    ['a sub-frame', event(7, { url: APP_PAGE, parent: {} }), 'sub-frame'],
    ['a foreign origin', event(7, { url: 'https://evil.example/', parent: null }), 'bad-origin'],
    ['an unknown WebContents', event(8, { url: APP_PAGE, parent: null }), 'unknown-window'],
  ])('refuses %s without calling the core', async (_name, ev, reason) => {
    const { ipcMain, core, warn } = setup()
    const reply = await ipcMain.call(INVOKE_CHANNELS.openExternal, ev, 'https://github.com/')
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    expect(JSON.stringify(reply)).toContain(reason)
    expect(core.invoke).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledOnce()
  })

  it('treats a senderFrame getter that throws as no frame', async () => {
    const { ipcMain, core } = setup()
    const ev = {
      sender: { id: 7 },
      get senderFrame(): never {
        throw new Error('Render frame was disposed')
      },
    } as unknown as IpcMainInvokeEvent
    await expect(ipcMain.call(INVOKE_CHANNELS.getGpuState, ev)).resolves.toMatchObject({ ok: false })
    expect(core.invoke).not.toHaveBeenCalled()
  })

  it('stops trusting a WebContents once it is destroyed', async () => {
    const { ipcMain, core, contents } = setup()
    contents.destroy()
    const reply = await ipcMain.call(INVOKE_CHANNELS.getGpuState, event(7, { url: APP_PAGE, parent: null }))
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    expect(core.invoke).not.toHaveBeenCalled()
  })

  it('turns a core that throws into an internal-error envelope', async () => {
    const { ipcMain, core } = setup()
    core.invoke.mockRejectedValueOnce(new Error('boom'))
    await expect(ipcMain.call(INVOKE_CHANNELS.getGpuState, event(7, { url: APP_PAGE, parent: null }))).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    })
  })

  it('forwards core events to live trusted windows only', () => {
    const { listeners, trusted, contents } = setup()
    const other = new FakeContents(9)
    trusted.add(other)
    other.destroyed = true // destroyed but its 'destroyed' event not seen yet
    expect([...listeners.keys()].sort()).toEqual(Object.values(EVENT_CHANNELS).sort())
    listeners.get(EVENT_CHANNELS.monitorState)?.({ kind: 'stopped' })
    expect(contents.sent).toEqual([[EVENT_CHANNELS.monitorState, { kind: 'stopped' }]])
    expect(other.sent).toEqual([])
  })

  it('unregisters handlers and event subscriptions', () => {
    const { ipcMain, listeners, unregister } = setup()
    unregister()
    expect(ipcMain.handlers.size).toBe(0)
    expect(listeners.size).toBe(0)
  })
})
