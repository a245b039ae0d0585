import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { auth, raw, startHarness, type Harness } from './helpers'

describe('POST /api/invoke/:channel', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())
  beforeEach(() => {
    h.core.calls.length = 0
    h.core.throwOnInvoke = false
  })

  const invoke = (channel: string, body: string, headers: Record<string, string> = {}) =>
    raw(h.server.port, `/api/invoke/${channel}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', ...headers },
      body,
    })

  it('passes args to the core and returns its envelope', async () => {
    h.core.answer = (channel, args) => ({ ok: true, value: { channel, args } })
    const res = await invoke('monitor:start', JSON.stringify({ args: [{ intervalMs: 1000 }] }))
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { channel: 'monitor:start', args: [{ intervalMs: 1000 }] } })
    expect(h.core.calls).toEqual([{ channel: 'monitor:start', args: [{ intervalMs: 1000 }] }])
  })

  it('accepts a percent-encoded channel (encodeURIComponent escapes the colon)', async () => {
    const res = await invoke('gpu%3Aget-state', '{"args":[]}')
    expect(res.status).toBe(200)
    expect(h.core.calls).toEqual([{ channel: 'gpu:get-state', args: [] }])
    expect((await invoke('gpu%E0%A4%A', '{}')).status).toBe(404)
  })

  it('passes a core error envelope through unchanged', async () => {
    h.core.answer = () => ({ ok: false, error: { code: 'invalid-args', message: 'bad' } })
    const res = await invoke('monitor:start', '{"args":[{}]}')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ ok: false, error: { code: 'invalid-args', message: 'bad' } })
  })

  it('treats an empty body or missing args as no arguments', async () => {
    await invoke('gpu:get-state', '')
    await invoke('gpu:get-state', '{}')
    expect(h.core.calls.map((c) => c.args)).toEqual([[], []])
  })

  it('404s unknown channels and app:open-external with an envelope', async () => {
    for (const channel of ['nope', 'monitor:sample', 'app:open-external']) {
      const res = await invoke(channel, '{"args":[]}')
      expect(res.status, channel).toBe(404)
      expect(JSON.parse(res.body).error.code).toBe('unknown-channel')
    }
    expect(h.core.calls).toHaveLength(0)
  })

  it('400s malformed JSON and non-array args', async () => {
    const bad = await invoke('gpu:get-state', '{"args":')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body)).toEqual({ ok: false, error: { code: 'malformed-json', message: expect.any(String) } })
    expect((await invoke('gpu:get-state', '{"args":5}')).status).toBe(400)
    expect((await invoke('gpu:get-state', '[1]')).status).toBe(400)
    expect(h.core.calls).toHaveLength(0)
  })

  it('413s bodies over the 8 MiB limit', async () => {
    const res = await invoke('gpu:get-state', JSON.stringify({ args: ['x'.repeat(9 * 1024 * 1024)] }))
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.code).toBe('body-too-large')
    expect(h.core.calls).toHaveLength(0)
  })

  it('415s non-JSON content types and 405s GET', async () => {
    expect((await invoke('gpu:get-state', '{}', { 'Content-Type': 'text/plain' })).status).toBe(415)
    const get = await raw(h.server.port, '/api/invoke/gpu:get-state', { headers: auth })
    expect(get.status).toBe(405)
    expect(JSON.parse(get.body).ok).toBe(false)
  })

  it('turns a throwing core into a 500 envelope', async () => {
    h.core.throwOnInvoke = true
    const res = await invoke('gpu:get-state', '{}')
    expect(res.status).toBe(500)
    expect(JSON.parse(res.body)).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } })
  })

  it('404s other /api paths', async () => {
    const res = await raw(h.server.port, '/api/other', { headers: auth })
    expect(res.status).toBe(404)
    expect(JSON.parse(res.body).ok).toBe(false)
  })
})
