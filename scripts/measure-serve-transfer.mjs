// `npm run measure:serve`: bytes a browser transfers to load the `gpu-doctor serve` page, then to
// reload it. Starts the built CLI (out/cli/gpu-doctor.cjs, `npm run build` first) with the
// replaying nvidia-smi, drives Debian's Chromium through Playwright and sums, per load, CDP's
// Network.loadingFinished encodedDataLength of every HTTP request (headers + body as received, so
// after Content-Encoding; 0 for what came from the browser's cache). WebSocket frames are not counted.
// MEASURE_JSON=FILE also writes the figures as JSON; MEASURE_ACCEPT_ENCODING=gzip makes the browser
// send that Accept-Encoding instead of its own; MEASURE_CLI=path measures another build.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { chromium } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, process.env.MEASURE_CLI ?? 'out/cli/gpu-doctor.cjs')
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`)

/** Starts `gpu-doctor serve` and resolves with the URL it prints. */
async function startServe(dataDir) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open'], {
    cwd: ROOT,
    env: {
      ...process.env,
      GPU_DOCTOR_NVIDIA_SMI: resolve(ROOT, 'test/fake-nvidia-smi/nvidia-smi'),
      FAKE_SMI_FIXTURE: 'h200-x1',
      GPU_DOCTOR_LANG: 'en',
      GPU_DOCTOR_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 15 s:\n${log}`)), 15_000)
    child.stdout.on('data', () => {
      const match = /GPU Doctor is serving at (http:\/\/\S+\?token=[0-9a-f]+)/.exec(log)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}:\n${log}`))
    })
  })
  return { child, url }
}

async function stopServe(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

/** Records every HTTP request of the page through CDP until `take()` hands the list over. */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let requests = new Map()
  const entry = (id) => {
    if (!requests.has(id)) requests.set(id, { url: '', status: 0, encoding: '', cached: false, bytes: 0, done: false })
    return requests.get(id)
  }
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'WebSocket') return
    const r = entry(e.requestId)
    r.url = e.request.url
    r.acceptEncoding ??= e.request.headers['Accept-Encoding'] ?? e.request.headers['accept-encoding']
  })
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.acceptEncoding = e.headers['Accept-Encoding'] ?? e.headers['accept-encoding'] ?? r.acceptEncoding
  })
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.cached = true
  })
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId)
    if (!r) return
    r.status = e.response.status
    r.cached ||= Boolean(e.response.fromDiskCache || e.response.fromMemoryCache)
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]))
    r.encoding = headers['content-encoding'] ?? ''
  })
  // The status as it came over the wire: a revalidated 304 is reported above as the cached 200.
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.wireStatus = e.statusCode
  })
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId)
    if (!r) return
    r.bytes = e.encodedDataLength
    r.done = true
  })
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId)
    if (r) r.done = true
  })
  return {
    take() {
      const list = [...requests.values()].filter((r) => r.url.startsWith('http'))
      requests = new Map()
      return list
    },
    /** Resolves once every request has finished and none started for `quietMs`. */
    async settle(quietMs = 1_000, maxMs = 15_000) {
      const start = Date.now()
      let count = -1
      let since = Date.now()
      while (Date.now() - start < maxMs) {
        const all = [...requests.values()]
        if (all.length !== count || all.some((r) => !r.done)) {
          count = all.length
          since = Date.now()
        } else if (Date.now() - since >= quietMs) return
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
}

function summarise(label, list, origin) {
  const path = (r) => new URL(r.url).pathname
  const api = list.filter((r) => path(r).startsWith('/api/'))
  const files = list.filter((r) => !path(r).startsWith('/api/'))
  const sum = (xs) => xs.reduce((n, r) => n + r.bytes, 0)
  return {
    label,
    requests: list.length,
    fromCache: list.filter((r) => r.cached).length,
    notModified: list.filter((r) => (r.wireStatus ?? r.status) === 304).length,
    totalBytes: sum(list),
    fileBytes: sum(files),
    apiBytes: sum(api),
    acceptEncoding: list.find((r) => r.acceptEncoding)?.acceptEncoding ?? '',
    detail: list.map((r) => ({
      path: r.url.startsWith(origin) ? path(r) : r.url,
      status: r.cached ? r.status : (r.wireStatus ?? r.status),
      encoding: r.encoding,
      cached: r.cached,
      bytes: r.bytes,
    })),
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`

const dataDir = mkdtempSync(join(tmpdir(), 'gpu-doctor-measure-'))
const { child, url } = await startServe(dataDir)
const browser = await chromium.launch({
  executablePath: process.env.GPU_DOCTOR_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
})
let results
try {
  const acceptEncoding = process.env.MEASURE_ACCEPT_ENCODING
  const context = await browser.newContext({
    locale: 'en-US',
    ...(acceptEncoding === undefined ? {} : { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } }),
  })
  const page = await context.newPage()
  const rec = await recorder(page)
  const origin = new URL(url).origin

  await page.goto(url)
  await page.getByTestId('gpu-panel-0').waitFor()
  await rec.settle()
  const first = summarise('first load', rec.take(), origin)

  await page.reload()
  await page.getByTestId('gpu-panel-0').waitFor()
  await rec.settle()
  const reload = summarise('reload', rec.take(), origin)
  results = [first, reload]
} finally {
  await browser.close()
  await stopServe(child)
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`Chromium sent Accept-Encoding: ${results[0].acceptEncoding || '(none seen)'}`)
for (const r of results) {
  console.log(`\n${r.label}: ${kb(r.totalBytes)} transferred in ${r.requests} requests ` +
    `(files ${kb(r.fileBytes)}, API ${kb(r.apiBytes)}; ${r.fromCache} from cache, ${r.notModified} not modified)`)
  for (const d of r.detail) {
    const how = d.cached ? 'cache' : d.encoding || 'identity'
    console.log(`  ${String(d.status).padEnd(3)} ${how.padEnd(8)} ${String(d.bytes).padStart(8)} B  ${d.path}`)
  }
}
if (process.env.MEASURE_JSON) writeFileSync(process.env.MEASURE_JSON, JSON.stringify(results, null, 2))
