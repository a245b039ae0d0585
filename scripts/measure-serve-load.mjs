// `npm run measure:serve-load`: `gpu-doctor serve` under a long event stream to WebSocket clients
// that do not read, with 200 concurrent HTTP connections at a time. Starts the built CLI
// (out/cli/gpu-doctor.cjs, `npm run build` first) with the replaying nvidia-smi, starts its monitor
// (one sample every MEASURE_INTERVAL_MS, default 100), connects MEASURE_SLOW_CLIENTS (default 5)
// clients that never read and one that does, and every MEASURE_ROUND_S seconds (default 10) sends
// 200 concurrent POST /api/invoke/gpu:get-state plus 200 concurrent GET / on fresh connections.
// Samples serve's RSS (/proc/PID/status) every second. MEASURE_SECONDS (default 600) long.
// MEASURE_JSON=FILE also writes the figures as JSON.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { WebSocket } from 'ws'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, process.env.MEASURE_CLI ?? 'out/cli/gpu-doctor.cjs')
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`)
const SECONDS = Number(process.env.MEASURE_SECONDS ?? 600)
const INTERVAL_MS = Number(process.env.MEASURE_INTERVAL_MS ?? 100)
const SLOW = Number(process.env.MEASURE_SLOW_CLIENTS ?? 5)
const ROUND_S = Number(process.env.MEASURE_ROUND_S ?? 10)
const CONNECTIONS = 200

const dataDir = mkdtempSync(join(tmpdir(), 'gd-serve-load-'))
const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open'], {
  cwd: ROOT,
  env: {
    ...process.env,
    GPU_DOCTOR_NVIDIA_SMI: resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi'),
    FAKE_SMI_FIXTURE: process.env.FAKE_SMI_FIXTURE ?? 'h200-x2',
    GPU_DOCTOR_LANG: 'en',
    GPU_DOCTOR_DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
let log = ''
let stderr = ''
child.stdout.on('data', (d) => (log += d))
child.stderr.on('data', (d) => (stderr += d))
const { port, token } = await new Promise((resolveUrl, reject) => {
  const timer = setTimeout(() => reject(new Error(`serve printed no URL in 20 s:\n${log}${stderr}`)), 20_000)
  child.stdout.on('data', () => {
    const m = /serving at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/.exec(log)
    if (m) {
      clearTimeout(timer)
      resolveUrl({ port: Number(m[1]), token: m[2] })
    }
  })
})

const rssMiB = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

function call(method, path, body) {
  const agent = new Agent({ keepAlive: false })
  return new Promise((done) => {
    const started = performance.now()
    const req = request(
      { host: '127.0.0.1', port, path, method, agent, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        res.resume()
        res.on('end', () => done({ status: res.statusCode, ms: performance.now() - started }))
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', () => done({ status: 0, ms: performance.now() - started }))
    req.end(body)
  }).finally(() => agent.destroy())
}

const openSocket = () =>
  new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events?token=${token}`)
    ws.once('open', () => ok(ws))
    ws.once('error', fail)
  })

const slow = await Promise.all(Array.from({ length: SLOW }, openSocket))
for (const ws of slow) ws.pause()
const reader = await openSocket()
let readerFrames = 0
let readerBytes = 0
reader.on('message', (m) => {
  readerFrames++
  readerBytes += m.length
})
const started = await call('POST', '/api/invoke/monitor:start', JSON.stringify({ args: [{ intervalMs: INTERVAL_MS }] }))
if (started.status !== 200) throw new Error(`monitor:start answered ${started.status}`)

const rss = [rssMiB()]
const rssTimer = setInterval(() => rss.push(rssMiB()), 1000)
const rounds = []
const end = Date.now() + SECONDS * 1000
while (Date.now() < end) {
  const roundStart = Date.now()
  const answers = await Promise.all([
    ...Array.from({ length: CONNECTIONS }, () => call('POST', '/api/invoke/gpu:get-state', '{"args":[]}')),
    ...Array.from({ length: CONNECTIONS }, () => call('GET', '/')),
  ])
  rounds.push({ at: Math.round((roundStart - (end - SECONDS * 1000)) / 1000), rssMiB: rssMiB(), answers })
  const wait = ROUND_S * 1000 - (Date.now() - roundStart)
  if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, Math.max(0, end - Date.now()))))
}
clearInterval(rssTimer)
rss.push(rssMiB())

// Let the slow clients read now: what reached them is what serve (and the kernel's socket buffers)
// had kept for them. A client that never reads never answers a ping either, so serve's heartbeat
// drops it within 60 s where the 1 MiB / 4 MiB bounds have not already.
const slowFrames = await Promise.all(
  slow.map(
    (ws) =>
      new Promise((done) => {
        let frames = 0
        let bytes = 0
        let closed = false
        ws.on('message', (m) => {
          frames++
          bytes += m.length
        })
        ws.once('close', () => (closed = true))
        ws.resume()
        setTimeout(() => done({ frames, bytes, closed }), 3000)
      }),
  ),
)
for (const ws of [...slow, reader]) ws.terminate()
child.kill('SIGTERM')
await new Promise((r) => child.once('close', r))
rmSync(dataDir, { recursive: true, force: true })

const all = rounds.flatMap((r) => r.answers)
const latencies = all.map((a) => a.ms).sort((a, b) => a - b)
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]
const figures = {
  seconds: SECONDS,
  monitorIntervalMs: INTERVAL_MS,
  slowClients: SLOW,
  rounds: rounds.length,
  requests: all.length,
  failed: all.filter((a) => a.status !== 200).length,
  latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1) },
  rssMiB: { start: rss[0], end: rss.at(-1), max: Math.max(...rss) },
  /** RSS at the start of each minute: flat after warm-up means nothing piles up. */
  rssByMinuteMiB: rss.filter((_, i) => i % 60 === 0).map((v) => Math.round(v * 10) / 10),
  readerFrames,
  readerMiB: readerBytes / 1024 / 1024,
  slowClientsAfterResume: slowFrames,
  warnings: stderr.split('\n').filter((l) => /Warning/.test(l)),
}
const f = (n) => n.toFixed(1)
console.log(`serve under load for ${SECONDS} s: monitor every ${INTERVAL_MS} ms, ${SLOW} clients that never read, 1 that reads`)
console.log(`| figure | value |`)
console.log(`| --- | --- |`)
console.log(`| HTTP requests (${CONNECTIONS} POST + ${CONNECTIONS} GET at once, ${rounds.length} rounds) | ${all.length}, ${figures.failed} failed |`)
console.log(`| latency p50 / p95 / p99 / max | ${f(pct(50))} / ${f(pct(95))} / ${f(pct(99))} / ${f(latencies.at(-1))} ms |`)
console.log(`| serve RSS start / end / max | ${f(figures.rssMiB.start)} / ${f(figures.rssMiB.end)} / ${f(figures.rssMiB.max)} MiB |`)
console.log(`| serve RSS each minute | ${figures.rssByMinuteMiB.join(', ')} MiB |`)
console.log(`| reading client | ${readerFrames} frames, ${f(figures.readerMiB)} MiB |`)
console.log(`| slow clients, once they read | ${slowFrames.map((s) => `${s.frames} frames${s.closed ? ' (dropped)' : ''}`).join('; ')} |`)
console.log(`| warnings on serve's stderr | ${figures.warnings.length} |`)
if (process.env.MEASURE_JSON) writeFileSync(process.env.MEASURE_JSON, `${JSON.stringify(figures, null, 2)}\n`)
