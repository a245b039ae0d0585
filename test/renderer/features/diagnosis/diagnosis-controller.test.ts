import { afterEach, describe, expect, it, vi } from 'vitest'

import type { EventChannel, InvokeChannel } from '../../../../src/shared/channels'
import type { Envelope } from '../../../../src/shared/contract'
import { createDiagnosisStore } from '../../../../src/renderer/features/diagnosis/diagnosis-store'
import type { RendererTransport } from '../../../../src/renderer/transport'
import { createDiagnosisController } from '../../../../src/renderer/features/diagnosis/diagnosis-controller'

type Answer = Envelope<unknown> | (() => Promise<Envelope<unknown>>)

function fakeTransport(answers: Partial<Record<InvokeChannel, Answer>>) {
  const calls: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<string, (p: unknown) => void>()
  const transport = {
    invoke: vi.fn(async (channel: InvokeChannel, ...args: unknown[]) => {
      calls.push({ channel, args })
      const a = answers[channel]
      if (!a) return { ok: false, error: { code: 'x', message: `no answer for ${channel}` } }
      return typeof a === 'function' ? a() : a
    }),
    on: (channel: EventChannel, l: (p: unknown) => void) => {
      listeners.set(channel, l)
      return () => listeners.delete(channel)
    },
  } as unknown as RendererTransport
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.(payload)
  return { transport, calls, listeners, emit }
}

const interpreters: Envelope<unknown> = {
  ok: true,
  value: [{ path: '/usr/bin/python3', source: 'path', version: '3.11.2', torchLocation: '/t', error: null }],
}

function setup(answers: Partial<Record<InvokeChannel, Answer>>, options = {}) {
  const f = fakeTransport({ 'diagnosis:list-interpreters': interpreters, ...answers })
  const store = createDiagnosisStore()
  const controller = createDiagnosisController(f.transport, store, options)
  controller.start()
  return { ...f, store, controller }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('diagnosis controller', () => {
  it('lists the interpreters once, again only when asked', async () => {
    const s = setup({})
    await s.controller.loadInterpreters()
    await s.controller.loadInterpreters()
    expect(s.calls.filter((c) => c.channel === 'diagnosis:list-interpreters')).toHaveLength(1)
    expect(s.store.getState().selected).toBe('/usr/bin/python3')
    await s.controller.loadInterpreters(true)
    expect(s.calls.filter((c) => c.channel === 'diagnosis:list-interpreters')).toHaveLength(2)
  })

  it('sends the chosen Python, the steps only when not all five, and disableCudnn only when set', async () => {
    const s = setup({ 'diagnosis:start': { ok: true, value: { runId: 'r1' } } })
    await s.controller.loadInterpreters()
    await s.controller.run()
    expect(s.calls.at(-1)).toEqual({ channel: 'diagnosis:start', args: [{ python: '/usr/bin/python3' }] })
    expect(s.store.getState().run).toMatchObject({ runId: 'r1', phase: 'running' })
    await s.controller.run(['ldd-linkage'])
    expect(s.calls.filter((c) => c.channel === 'diagnosis:start')).toHaveLength(1)

    s.emit('diagnosis:done', { kind: 'failed', runId: 'r1', message: 'x' })
    s.store.getState().setDisableCudnn(true)
    await s.controller.run(['conv-timing', 'gpu-visible'])
    expect(s.calls.at(-1)).toEqual({
      channel: 'diagnosis:start',
      args: [{ python: '/usr/bin/python3', steps: ['gpu-visible', 'conv-timing'], disableCudnn: true }],
    })
  })

  it('feeds progress and done events to the store', async () => {
    const s = setup({ 'diagnosis:start': { ok: true, value: { runId: 'r1' } } })
    await s.controller.loadInterpreters()
    await s.controller.run(['gpu-visible'])
    s.emit('diagnosis:progress', { runId: 'r1', stage: 'import-torch', step: 'gpu-visible', message: 'import-torch', sample: null })
    expect(s.store.getState().run?.stepPhases['gpu-visible']).toBe('running')
    s.emit('diagnosis:done', {
      kind: 'done',
      runId: 'r1',
      diagnosis: { schemaVersion: 1, startedAt: '', finishedAt: '', environment: {}, steps: [{ id: 'gpu-visible', status: 'pass', summary: '', summaryKey: null, summaryParams: {}, evidence: {}, findings: [], durationMs: 0 }] },
    })
    expect(s.store.getState().run).toBeNull()
    expect(s.store.getState().results['gpu-visible']?.status).toBe('pass')
    s.controller.dispose()
    expect(s.listeners.size).toBe(0)
  })

  it('a refused start ends the run with the reason', async () => {
    const s = setup({ 'diagnosis:start': { ok: false, error: { code: 'invalid-arguments', message: 'nope' } } })
    await s.controller.loadInterpreters()
    await s.controller.run()
    expect(s.store.getState()).toMatchObject({ run: null, notice: { kind: 'start-error', message: 'nope' } })
  })

  it('cancel pressed before the run has an id is sent once the id arrives', async () => {
    let answerStart: (v: Envelope<unknown>) => void = () => undefined
    const s = setup({
      'diagnosis:start': () => new Promise((r) => (answerStart = r)),
      'diagnosis:cancel': { ok: true, value: { cancelled: true } },
    })
    await s.controller.loadInterpreters()
    const running = s.controller.run()
    await s.controller.cancel()
    expect(s.calls.some((c) => c.channel === 'diagnosis:cancel')).toBe(false)
    answerStart({ ok: true, value: { runId: 'r9' } })
    await running
    expect(s.calls.at(-1)).toEqual({ channel: 'diagnosis:cancel', args: ['r9'] })
    s.emit('diagnosis:done', { kind: 'failed', runId: 'r9', message: 'cancelled' })
    expect(s.store.getState()).toMatchObject({ run: null, notice: { kind: 'cancelled' } })
  })

  it('a cancel the core does not know ends the run at once', async () => {
    const s = setup({ 'diagnosis:start': { ok: true, value: { runId: 'r1' } }, 'diagnosis:cancel': { ok: true, value: { cancelled: false } } })
    await s.controller.loadInterpreters()
    await s.controller.run()
    await s.controller.cancel()
    expect(s.store.getState()).toMatchObject({ run: null, notice: { kind: 'cancelled' } })
  })

  it('a cancelled run that never reports back ends after the grace period', async () => {
    vi.useFakeTimers()
    const s = setup({ 'diagnosis:start': { ok: true, value: { runId: 'r1' } }, 'diagnosis:cancel': { ok: true, value: { cancelled: true } } }, { cancelGraceMs: 1000 })
    await s.controller.loadInterpreters()
    await s.controller.run()
    await s.controller.cancel()
    expect(s.store.getState().run?.phase).toBe('cancelling')
    vi.advanceTimersByTime(999)
    expect(s.store.getState().run).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(s.store.getState()).toMatchObject({ run: null, notice: { kind: 'cancelled' } })
  })
})
