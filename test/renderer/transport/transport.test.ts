import { describe, expect, it, vi } from 'vitest'

import { backoffDelay } from '../../../src/renderer/transport/backoff'
import { eventsUrl } from '../../../src/renderer/transport/browser-transport'
import { EventSocket } from '../../../src/renderer/transport/event-socket'
import { httpInvoke } from '../../../src/renderer/transport/http-invoke'
import { readToken, takeToken, withoutToken } from '../../../src/renderer/transport/token'

const TOKEN = 'f'.repeat(64)

describe('readToken / eventsUrl', () => {
  it('reads a plausible token only', () => {
    expect(readToken(`?token=${TOKEN}`)).toBe(TOKEN)
    expect(readToken('?token=short')).toBeNull()
    expect(readToken('?token=<script>aaaaaaaaaaaaaaaa')).toBeNull()
    expect(readToken('')).toBeNull()
  })

  it('builds the WebSocket URL next to the page', () => {
    expect(eventsUrl(`http://127.0.0.1:8080/?token=${TOKEN}#x`, TOKEN)).toBe(
      `ws://127.0.0.1:8080/api/events?token=${TOKEN}`,
    )
    expect(eventsUrl('https://box/gpu/index.html', null)).toBe('wss://box/gpu/api/events')
  })
})

describe('takeToken', () => {
  function fakeWindow(href: string, stored: Record<string, string> = {}) {
    const store = new Map(Object.entries(stored))
    const win = {
      location: new URL(href) as unknown as Location,
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, url: string) => {
          win.location = new URL(url) as unknown as Location
        },
      } as unknown as History,
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as unknown as Storage,
    }
    return { win, store }
  }

  it('takes the token from the URL, keeps it for this tab and removes it from the address bar', () => {
    const { win, store } = fakeWindow(`http://127.0.0.1:8080/?token=${TOKEN}&x=1#report`)
    expect(takeToken(win)).toBe(TOKEN)
    expect(win.location.href).toBe('http://127.0.0.1:8080/?x=1#report')
    expect([...store.values()]).toEqual([TOKEN])
    // A reload: the URL no longer has it, the tab's storage does.
    expect(takeToken(win)).toBe(TOKEN)
  })

  it('has none without a URL token or a stored one, and ignores an implausible stored value', () => {
    expect(takeToken(fakeWindow('http://127.0.0.1:8080/').win)).toBeNull()
    expect(takeToken(fakeWindow('http://127.0.0.1:8080/', { 'gpu-doctor-token': 'x' }).win)).toBeNull()
    expect(withoutToken(`http://h/p?token=${TOKEN}`)).toBe('http://h/p')
  })
})

describe('backoffDelay', () => {
  it('grows, caps at 10 s, and jitters down by at most 20%', () => {
    expect(backoffDelay(0, () => 1)).toBe(500)
    expect(backoffDelay(1, () => 1)).toBe(1000)
    expect(backoffDelay(10, () => 1)).toBe(10_000)
    expect(backoffDelay(10, () => 0)).toBe(8000)
  })
})

describe('httpInvoke', () => {
  const respond = (status: number, body: unknown) =>
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }))

  it('posts { args } with the Bearer token and returns the envelope', async () => {
    const fetchFn = respond(200, { ok: true, value: 1 })
    const result = await httpInvoke(fetchFn as unknown as typeof fetch, 'monitor:start', [{ intervalMs: 1000 }], TOKEN)
    expect(result).toEqual({ ok: true, value: 1 })
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('./api/invoke/monitor%3Astart')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${TOKEN}`)
    expect(JSON.parse(String(init.body))).toEqual({ args: [{ intervalMs: 1000 }] })
  })

  it('passes error envelopes through and builds one for other failures', async () => {
    const envelope = { ok: false, error: { code: 'unauthorized', message: 'no' } }
    expect(await httpInvoke(respond(401, envelope) as unknown as typeof fetch, 'x', [], null)).toEqual(envelope)
    const html = await httpInvoke(respond(502, '<html>') as unknown as typeof fetch, 'x', [], null)
    expect(html).toEqual({ ok: false, error: { code: 'http-502', message: expect.any(String) } })
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const net = await httpInvoke(down as unknown as typeof fetch, 'x', [], null)
    expect(net.ok).toBe(false)
    if (!net.ok) expect(net.error.code).toBe('network')
  })
})

class FakeSocket {
  static all: FakeSocket[] = []
  onopen: (() => void) | null = null
  onclose: (() => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
}

describe('EventSocket', () => {
  it('dispatches { channel, payload }, reconnects with backoff, and reports its status', () => {
    FakeSocket.all = []
    const timers: Array<{ fn: () => void; ms: number }> = []
    const socket = new EventSocket({
      url: 'ws://x/api/events',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
    })
    const statuses: string[] = []
    socket.onStatus((s) => statuses.push(s))
    const got: unknown[] = []
    socket.on('monitor:state', (p) => got.push(p))

    const first = FakeSocket.all[0]!
    first.onopen?.()
    first.onmessage?.({ data: JSON.stringify({ channel: 'monitor:state', payload: { kind: 'stopped' } }) })
    first.onmessage?.({ data: JSON.stringify({ channel: 'monitor:sample', payload: 1 }) })
    first.onmessage?.({ data: 'not json' })
    expect(got).toEqual([{ kind: 'stopped' }])

    first.onclose?.()
    expect(timers).toHaveLength(1)
    timers[0]!.fn()
    const second = FakeSocket.all[1]!
    second.onclose?.()
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms)
    timers[1]!.fn()
    FakeSocket.all[2]!.onopen?.()
    FakeSocket.all[2]!.onmessage?.({ data: JSON.stringify({ channel: 'monitor:state', payload: 2 }) })
    expect(got).toEqual([{ kind: 'stopped' }, 2])
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open'])
  })

  it('stops retrying when the server answers but refuses the token', async () => {
    FakeSocket.all = []
    const timers: Array<{ fn: () => void; ms: number }> = []
    let answer: 'accepted' | 'refused' | 'unreachable' = 'unreachable'
    const socket = new EventSocket({
      url: 'ws://x/api/events',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      checkServer: async () => answer,
    })
    const statuses: string[] = []
    socket.onStatus((s) => statuses.push(s))
    FakeSocket.all[0]!.onopen?.()
    FakeSocket.all[0]!.onclose?.()
    await vi.waitFor(() => expect(timers).toHaveLength(1))
    answer = 'refused'
    timers[0]!.fn()
    FakeSocket.all[1]!.onclose?.()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('token-refused'))
    expect(timers).toHaveLength(1)
    expect(FakeSocket.all).toHaveLength(2)
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'token-refused'])
  })
})
