import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { request as httpRequest, Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { CLI } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { startHarness, TOKEN, type Harness } from './helpers'

const LOAD_SECONDS = Number(process.env.GPU_DOCTOR_LOAD_TEST_SECONDS ?? 10)

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

/** `count` requests at once, each on its own connection; resolves with each status and latency. */
function concurrentInvokes(port: number, count: number, token = TOKEN): Promise<Array<{ status: number; ms: number }>> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity })
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ status: number; ms: number }>((resolve) => {
          const started = performance.now()
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: '/api/invoke/gpu:get-state',
              method: 'POST',
              agent,
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            },
            (res) => {
              res.resume()
              res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
            },
          )
          req.on('error', () => resolve({ status: 0, ms: performance.now() - started }))
          req.end('{"args":[]}')
        }),
    ),
  ).finally(() => agent.destroy())
}

describe('serve under load', () => {
  let h: Harness | null = null
  let child: ChildProcess | null = null
  afterEach(async () => {
    await h?.close()
    h = null
    child?.kill('SIGKILL')
    child = null
  })

  it(`a client that does not read gets no more samples past the bound and is dropped past the next; 200 concurrent connections still answer (${LOAD_SECONDS} s of events)`, async () => {
    h = await startHarness({ eventLimits: { throttleBytes: 256 * 1024, dropBytes: 2 * 1024 * 1024 } })
    const url = `ws://127.0.0.1:${h.server.port}/api/events?token=${TOKEN}`
    const slow = await open(url)
    slow.pause()
    const reader = await open(url)
    let read = 0
    reader.on('message', () => read++)
    // ~4 MB/s of monitor samples: 8 KB each, one every 2 ms.
    const gpus = Array.from({ length: 8 }, (_, index) => ({ index, name: 'NVIDIA H100 80GB HBM3', note: 'x'.repeat(1000) }))
    let emitted = 0
    const flood = setInterval(() => {
      emitted++
      h!.core.emit('monitor:sample', { time: Date.now(), gpus } as never)
    }, 2)
    const rssStart = process.memoryUsage().rss
    let rssMax = rssStart
    const watch = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 100)
    try {
      const end = Date.now() + LOAD_SECONDS * 1000
      const rounds: Array<Array<{ status: number; ms: number }>> = []
      while (Date.now() < end) {
        rounds.push(await concurrentInvokes(h.server.port, 200))
        await new Promise((r) => setTimeout(r, 1000))
      }
      for (const round of rounds) expect(round.filter((r) => r.status === 200)).toHaveLength(200)
      const stats = h.server.eventStats()
      expect(stats.throttled).toBeGreaterThan(0)
      expect(stats.dropped).toBe(0)
      // The reading client got the stream (the slow one was held back; a loaded machine may hold back the reader a little too).
      expect(read).toBeGreaterThan(emitted * 0.5)
      expect(rssMax - rssStart).toBeLessThan(150 * 1024 * 1024)
      // Events that cannot be skipped (diagnosis progress) push the slow client past the drop bound.
      clearInterval(flood)
      reader.terminate()
      for (let i = 0; i < 100 && h.server.eventStats().clients !== 1; i++) await new Promise((r) => setTimeout(r, 20))
      const closed = new Promise((r) => slow.once('close', r))
      const big = 'y'.repeat(64 * 1024)
      for (let i = 0; i < 64; i++) h.core.emit('diagnosis:progress', { runId: 'r', stage: 'load', step: null, message: big, sample: null } as never)
      expect(h.server.eventStats()).toMatchObject({ dropped: 1, clients: 0 })
      slow.resume()
      await closed
    } finally {
      clearInterval(flood)
      clearInterval(watch)
      reader.terminate()
    }
  }, (LOAD_SECONDS + 30) * 1000)

  it('50 event clients on the real core print no MaxListenersExceededWarning and all get the monitor stream', async () => {
    const data = mkdtempSync(join(tmpdir(), 'gd-serve-load-'))
    child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open'], {
      env: { ...fakeSmiEnv('h200-x2'), GPU_DOCTOR_DATA_DIR: data, GPU_DOCTOR_LANG: 'en' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    const base = await new Promise<{ port: number; token: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${stdout} ${stderr}`)), 20_000)
      child!.stdout!.on('data', () => {
        const m = /serving at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/.exec(stdout)
        if (m) {
          clearTimeout(timer)
          resolve({ port: Number(m[1]), token: m[2]! })
        }
      })
    })
    const clients = await Promise.all(Array.from({ length: 50 }, () => open(`ws://127.0.0.1:${base.port}/api/events?token=${base.token}`)))
    const got = clients.map(() => 0)
    clients.forEach((ws, i) => ws.on('message', (m) => String(m).includes('"monitor:sample"') && got[i]!++))
    const start = await new Promise<number>((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: base.port, path: '/api/invoke/monitor:start', method: 'POST', headers: { Authorization: `Bearer ${base.token}`, 'Content-Type': 'application/json' } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.end(JSON.stringify({ args: [{ intervalMs: 100 }] }))
    })
    expect(start).toBe(200)
    const deadline = Date.now() + 15_000
    while (got.some((n) => n < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(got.every((n) => n >= 3)).toBe(true)
    expect((await concurrentInvokes(base.port, 200, base.token)).every((r) => r.status === 200)).toBe(true)
    for (const ws of clients) ws.terminate()
    child.kill('SIGTERM')
    await new Promise((r) => child!.once('close', r))
    expect(stderr).not.toMatch(/MaxListenersExceededWarning|Possible EventEmitter memory leak/)
  }, 60_000)
})
