import { afterEach, describe, expect, it, vi } from 'vitest'

import type { EventChannel, InvokeChannel } from '../../../../src/shared/channels'
import type { Envelope } from '../../../../src/shared/contract'
import type { GpuState } from '../../../../src/shared/gpu'
import { createConnectionStore } from '../../../../src/renderer/stores/connection-store'
import { createGpuStore } from '../../../../src/renderer/features/live/gpu-store'
import { createHostStore } from '../../../../src/renderer/features/live/host-store'
import type { ConnectionStatus, RendererTransport } from '../../../../src/renderer/transport'
import { createLiveController, type LiveStores } from '../../../../src/renderer/features/live/live-controller'

const okState: GpuState = {
  kind: 'ok',
  status: { source: 'live', format: 'csv', driverVersion: '580', cudaVersion: '13.0', gpus: [], processes: [], migDevices: [] },
}

function fakeTransport(gpuState: GpuState, withConnection: boolean) {
  const calls: string[] = []
  const listeners = new Map<string, (p: unknown) => void>()
  let statusListener: ((s: ConnectionStatus) => void) | null = null
  const answers: Record<string, Envelope<unknown>> = {
    'gpu:get-state': { ok: true, value: gpuState },
    'host:get-facts': { ok: false, error: { code: 'x', message: 'no host' } },
    'monitor:start': { ok: true, value: { kind: 'running', intervalMs: 1000, pid: 1 } },
    'monitor:stop': { ok: true, value: { kind: 'stopped' } },
  }
  const transport = {
    invoke: vi.fn(async (channel: InvokeChannel) => {
      calls.push(channel)
      return answers[channel]
    }),
    on: (channel: EventChannel, l: (p: unknown) => void) => {
      listeners.set(channel, l)
      return () => listeners.delete(channel)
    },
    ...(withConnection
      ? {
          onConnectionChange: (l: (s: ConnectionStatus) => void) => {
            statusListener = l
            l('connecting')
            return () => undefined
          },
        }
      : {}),
  } as unknown as RendererTransport
  return { transport, calls, listeners, setStatus: (s: ConnectionStatus) => statusListener?.(s) }
}

const stores = (): LiveStores => ({
  gpu: createGpuStore(),
  host: createHostStore(),
  connection: createConnectionStore(),
})

// A failed assertion must not leak fake timers into later tests.
afterEach(() => {
  vi.useRealTimers()
})

describe('controller', () => {
  it('starts the monitor at once, beside the state and host reads (Electron: always connected)', async () => {
    const f = fakeTransport(okState, false)
    const s = stores()
    await createLiveController(f.transport, s).start()
    // The first call: the numbers must not wait for the (slower) GPU state read.
    expect(f.calls[0]).toBe('monitor:start')
    expect(f.calls).toContain('gpu:get-state')
    expect(f.calls).toContain('host:get-facts')
    expect(f.transport.invoke).toHaveBeenCalledWith('monitor:start', { intervalMs: 1000 })
    expect(s.gpu.getState().monitor?.kind).toBe('running')
    expect(s.host.getState().error?.message).toBe('no host')
  })

  it('stops the monitor it started once the state says there is no usable GPU, and does not start it again', async () => {
    const problem = { code: 'nvidia-smi-missing', failureModeId: null, messageKey: 'k', message: 'm', fix: 'f', detail: '', checked: [] } as const
    const f = fakeTransport({ kind: 'error', problem: { ...problem, checked: [] } }, false)
    const s = stores()
    const c = createLiveController(f.transport, s)
    await c.start()
    expect(f.calls.indexOf('monitor:stop')).toBeGreaterThan(f.calls.indexOf('monitor:start'))
    expect(s.gpu.getState().monitor?.kind).toBe('stopped')
    await c.refresh()
    expect(f.calls.filter((x) => x === 'monitor:start')).toHaveLength(1)
  })

  it('waits for the event stream, and restarts the monitor after each reconnect', async () => {
    const f = fakeTransport(okState, true)
    const s = stores()
    await createLiveController(f.transport, s).start()
    expect(f.calls).not.toContain('monitor:start')
    f.setStatus('open')
    await vi.waitFor(() => expect(f.calls.filter((c) => c === 'monitor:start')).toHaveLength(1))
    f.setStatus('reconnecting')
    expect(s.connection.getState().status).toBe('reconnecting')
    f.setStatus('open')
    await vi.waitFor(() => expect(f.calls.filter((c) => c === 'monitor:start')).toHaveLength(2))
  })

  it('keeps a monitor:state event that arrived before the monitor:start answer', async () => {
    const f = fakeTransport(okState, false)
    const s = stores()
    f.transport.invoke = vi.fn(async (channel: InvokeChannel) => {
      if (channel === 'monitor:start') {
        f.listeners.get('monitor:state')?.({ kind: 'running', intervalMs: 1000, pid: 7 })
        return { ok: true, value: { kind: 'stopped' } }
      }
      return { ok: true, value: channel === 'gpu:get-state' ? okState : null }
    }) as unknown as RendererTransport['invoke']
    await createLiveController(f.transport, s).start()
    expect(s.gpu.getState().monitor).toEqual({ kind: 'running', intervalMs: 1000, pid: 7 })
  })

  it('coalesces samples into the store', async () => {
    vi.useFakeTimers()
    const f = fakeTransport(okState, false)
    const s = stores()
    const c = createLiveController(f.transport, s, { coalesceMs: 100 })
    await c.start()
    const emit = f.listeners.get('monitor:sample')!
    emit({ time: 1000, gpus: [] })
    emit({ time: 2000, gpus: [] })
    expect(s.gpu.getState().sampleCount).toBe(0)
    vi.advanceTimersByTime(100)
    expect(s.gpu.getState().sampleCount).toBe(2)
    c.dispose()
    expect(f.listeners.size).toBe(0)
  })
})
