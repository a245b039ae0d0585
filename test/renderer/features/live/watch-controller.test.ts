import { describe, expect, it, vi } from 'vitest'

import type { EventChannel, InvokeChannel } from '../../../../src/shared/channels'
import type { GpuProcessRow } from '../../../../src/shared/watch'
import type { RendererTransport } from '../../../../src/renderer/transport'
import { createWatchController } from '../../../../src/renderer/features/live/watch-controller'
import { createWatchStore } from '../../../../src/renderer/features/live/watch-store'

const row: GpuProcessRow = { gpuIndex: 0, pid: 42, user: 'ana', command: 'python train.py', container: null, smPercent: 40, usedMemoryMiB: 2300 }

function fakeTransport() {
  const listeners = new Map<string, (p: unknown) => void>()
  let finishWatch: (value: unknown) => void = () => undefined
  const invoke = vi.fn(async (channel: InvokeChannel) => {
    if (channel === 'gpu:processes') return { ok: true, value: [row] }
    if (channel === 'watch:cancel') {
      finishWatch({ ok: false, error: { code: 'cancelled', message: 'cancelled' } })
      return { ok: true, value: { cancelled: 1 } }
    }
    if (channel === 'watch:run') return new Promise((resolve) => (finishWatch = resolve))
    return { ok: false, error: { code: 'x', message: 'unexpected' } }
  })
  const transport = { invoke, on: (c: EventChannel, l: (p: unknown) => void) => (listeners.set(c, l), () => listeners.delete(c)) } as unknown as RendererTransport
  return { transport, invoke, emit: (c: string, p: unknown) => listeners.get(c)?.(p) }
}

describe('the Watch controller', () => {
  it('loads the process table once for several panels asking at the same time', async () => {
    const { transport, invoke } = fakeTransport()
    const store = createWatchStore()
    const c = createWatchController(transport, store)
    await Promise.all([c.loadProcesses(), c.loadProcesses(), c.loadProcesses()])
    expect(invoke.mock.calls.filter(([ch]) => ch === 'gpu:processes')).toHaveLength(1)
    expect(store.getState().processes).toEqual([row])
  })

  it('shows progress of its own PID only; closing while it runs cancels it', async () => {
    const { transport, invoke, emit } = fakeTransport()
    const store = createWatchStore()
    const c = createWatchController(transport, store)
    c.start()
    const running = c.watch(row, 10)
    emit('watch:progress', { pid: 7, elapsedSeconds: 5, seconds: 10, smNow: 99 })
    expect(store.getState().run?.progress).toBeNull()
    emit('watch:progress', { pid: 42, elapsedSeconds: 3, seconds: 10, smNow: 41 })
    expect(store.getState().run?.progress).toMatchObject({ elapsedSeconds: 3, smNow: 41 })
    c.close()
    await running
    expect(invoke).toHaveBeenCalledWith('watch:cancel')
    expect(store.getState().run).toBeNull()
    c.dispose()
  })
})
