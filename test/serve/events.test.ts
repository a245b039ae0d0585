import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { EVENT_CHANNELS } from '../../src/shared/channels'
import { startHarness, TOKEN, type Harness } from './helpers'

/** Listeners serve holds on the core while any client is connected: one per event channel, shared by all. */
const PER_CHANNEL = Object.keys(EVENT_CHANNELS).length

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))))
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('WebSocket /api/events', () => {
  let h: Harness
  let wsBase: string
  beforeEach(async () => {
    h = await startHarness()
    wsBase = `ws://127.0.0.1:${h.server.port}/api/events`
  })
  afterEach(() => h.close())

  it('forwards every event channel as { channel, payload }', async () => {
    const ws = await open(`${wsBase}?token=${TOKEN}`)
    await until(() => h.core.listenerCount() === PER_CHANNEL)
    const sample = { time: 1, gpus: [] }
    let got = nextMessage(ws)
    h.core.emit('monitor:sample', sample)
    expect(await got).toEqual({ channel: 'monitor:sample', payload: sample })
    got = nextMessage(ws)
    h.core.emit('monitor:state', { kind: 'stopped' })
    expect(await got).toEqual({ channel: 'monitor:state', payload: { kind: 'stopped' } })
    ws.close()
  })

  it('sends to each client through one shared subscription, dropped when the last client leaves', async () => {
    const a = await open(`${wsBase}?token=${TOKEN}`)
    const b = await open(wsBase, { Authorization: `Bearer ${TOKEN}` })
    await until(() => h.server.eventStats().clients === 2)
    expect(h.core.listenerCount()).toBe(PER_CHANNEL)
    const both = Promise.all([nextMessage(a), nextMessage(b)])
    h.core.emit('monitor:state', { kind: 'stopped' })
    expect(await both).toHaveLength(2)
    a.close()
    await until(() => h.server.eventStats().clients === 1)
    expect(h.core.listenerCount()).toBe(PER_CHANNEL)
    b.terminate()
    await until(() => h.core.listenerCount() === 0)
    expect(h.core.listenerCount()).toBe(0)
  })

  it('refuses the token in a cookie: only ?token= or a Bearer header', async () => {
    await expect(open(wsBase, { Cookie: `gpu-doctor-token-${h.server.port}=${TOKEN}` })).rejects.toThrow('HTTP 401')
  })

  it('refuses no token, a wrong token, a foreign Origin or Host, and other paths', async () => {
    await expect(open(wsBase)).rejects.toThrow('HTTP 401')
    await expect(open(`${wsBase}?token=${'b'.repeat(64)}`)).rejects.toThrow('HTTP 401')
    await expect(open(`${wsBase}?token=${TOKEN}`, { Origin: 'http://evil.example' })).rejects.toThrow('HTTP 403')
    await expect(open(`${wsBase}?token=${TOKEN}`, { Host: 'evil.example' })).rejects.toThrow('HTTP 403')
    await expect(open(`ws://127.0.0.1:${h.server.port}/api/other?token=${TOKEN}`)).rejects.toThrow('HTTP 404')
    const sameOrigin = await open(`${wsBase}?token=${TOKEN}`, { Origin: `http://127.0.0.1:${h.server.port}` })
    sameOrigin.close()
    expect(h.core.calls).toHaveLength(0)
  })

  it('close() ends open sockets and the server', async () => {
    const ws = await open(`${wsBase}?token=${TOKEN}`)
    const closed = new Promise((resolve) => ws.once('close', resolve))
    await h.server.close()
    await closed
    await until(() => h.core.listenerCount() === 0)
    expect(h.core.listenerCount()).toBe(0)
    await expect(open(`${wsBase}?token=${TOKEN}`)).rejects.toThrow()
  })
})
