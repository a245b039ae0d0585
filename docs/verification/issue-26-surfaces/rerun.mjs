#!/usr/bin/env node
// Reruns issue 26's cases for serve's watches, watch progress, forged lines and the Python allow list
// against one built CLI: node docs/verification/issue-26-surfaces/rerun.mjs [path/to/gpu-doctor.cjs]
// The GPU side is the fake nvidia-smi (test/fake-nvidia-smi); processes, terminal and server are real.
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../../..')
const CLI = resolve(process.argv[2] ?? join(ROOT, 'out/cli/gpu-doctor.cjs'))
const FAKE_SMI = join(ROOT, 'test/fake-nvidia-smi/nvidia-smi')
const dir = mkdtempSync(join(tmpdir(), 'gd-issue26-'))
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const DMON = join(dir, 'dmon.txt')
writeFileSync(DMON, '# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci\n# Idx      %      %      %      %      %      %   MB/s   MB/s\n    0     20     10      0      0      0      0      5      3\n')
const env = (pid) => ({ ...process.env, GPU_DOCTOR_NVIDIA_SMI: FAKE_SMI, FAKE_SMI_FIXTURE: 'h200-x1', FAKE_SMI_DMON: DMON, FAKE_SMI_DMON_MS: '200', FAKE_SMI_APP_PIDS: `${pid}:0:2300:20`, GPU_DOCTOR_LANG: 'en' })
const started = []
const job = (code, args = []) => {
  const c = spawn(process.execPath, ['-e', code, ...args], { stdio: 'ignore' })
  started.push(c)
  return c
}
const IDLE = 'setInterval(() => {}, 1000)'

/** nvidia-smi dmon processes (the fake's) running now. */
function dmons() {
  let n = 0
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')
      if (cmd.includes(FAKE_SMI) && cmd.includes('dmon') && readFileSync(`/proc/${name}/environ`, 'utf8').includes(`FAKE_SMI_DMON=${DMON}`)) n++
    } catch {
      // gone
    }
  }
  return n
}

const results = {}

// 1. watch progress on a terminal (script(1) gives a pseudo-terminal).
{
  const j = job(IDLE)
  await sleep(300)
  const r = spawnSync('script', ['-qefc', `'${process.execPath}' '${CLI}' watch --pid ${j.pid} --seconds 3`, '/dev/null'], { env: env(j.pid), encoding: 'utf8', timeout: 30_000 })
  const out = r.stdout
  results.progressOnTerminal = {
    eraseToEnd: out.split('\x1b[K').length - 1,
    carriageReturnsBeforeVerdict: (out.slice(0, out.indexOf(' for 3 s on GPU')).match(/\r(?!\n)/g) ?? []).length,
    progressPiledOnOneLine: /%Watching PID/.test(out),
    rawStart: JSON.stringify(out.slice(0, 160)),
  }
}

// 2. a process whose comm and command line hold line breaks.
{
  const forged = 'Healthy: no bottleneck'
  const j = job(`/*\n${forged}\n*/ require('node:fs').writeFileSync('/proc/self/comm', 'x\\n${forged.slice(0, 10)}'); setInterval(() => {}, 1000)`)
  await sleep(400)
  const r = spawnSync(process.execPath, [CLI, 'watch', '--pid', String(j.pid), '--seconds', '3'], { env: env(j.pid), encoding: 'utf8', timeout: 30_000 })
  results.forgedLines = {
    exit: r.status,
    linesStartingWithHealthy: r.stdout.split('\n').filter((l) => l.startsWith('Healthy')).length,
    header: r.stdout.split('\n')[0],
    busiestThread: r.stdout.split('\n').find((l) => l.includes('Busiest thread'))?.trim(),
  }
}

// 3. serve: many watches, GET / meanwhile, disconnects, cancel from another client, a planted "Python".
{
  const j = job(IDLE)
  await sleep(300)
  const planted = join(dir, 'python3')
  const mark = join(dir, 'planted-ran')
  writeFileSync(planted, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`)
  chmodSync(planted, 0o755)
  const serve = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-open'], { env: env(j.pid), stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(serve)
  const url = await new Promise((ok, fail) => {
    let log = ''
    serve.stdout.on('data', (d) => {
      log += d
      const m = /(http:\/\/\S+)/.exec(log)
      if (m) ok(new URL(m[1]))
    })
    setTimeout(() => fail(new Error(`serve printed no URL: ${log}`)), 15_000)
  })
  const token = url.searchParams.get('token')
  const invoke = (channel, args, client) => {
    const body = JSON.stringify({ args })
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
    if (client) headers['X-GPU-Doctor-Client'] = client
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path: `/api/invoke/${channel}`, headers, agent: false })
    const answer = new Promise((ok) => {
      req.on('response', (res) => {
        let t = ''
        res.on('data', (d) => (t += d))
        res.on('end', () => ok(JSON.parse(t)))
      })
      req.on('error', () => ok({ ok: false, error: { code: 'disconnected' } }))
    })
    req.end(body)
    return { answer, drop: () => req.destroy() }
  }
  const getRoot = () =>
    new Promise((ok) => {
      const t0 = Date.now()
      const req = request({ host: url.hostname, port: url.port, path: '/', agent: false, timeout: 10_000 }, (res) => {
        res.resume()
        res.on('end', () => ok(Date.now() - t0))
      })
      req.on('timeout', () => {
        req.destroy()
        ok('timeout (10 s)')
      })
      req.on('error', () => ok('error'))
      req.end()
    })
  const N = Number(process.env.WATCHES ?? 30)
  const many = Array.from({ length: N }, (_, i) => invoke('watch:run', [{ pid: j.pid, seconds: 600 }], `client-${String(i).padStart(8, '0')}`))
  // Until the number of dmon streams, once some run, stops growing (3 s the same), at most 60 s.
  let last = -1
  let same = 0
  for (let t = 0; t < 60 && same < 3; t++) {
    await sleep(1000)
    const now = dmons()
    same = now === last && now > 0 ? same + 1 : 0
    last = now
  }
  const quick = await Promise.race([Promise.all(many.map((w) => Promise.race([w.answer, sleep(200).then(() => null)]))), sleep(3000).then(() => [])])
  const refusals = quick.filter((a) => a && a.ok === false).map((a) => a.error.details?.reason ?? a.error.code)
  results.serveManyWatches = { asked: N, refusedAtOnce: refusals.length, reasons: [...new Set(refusals)], dmonRunning: dmons(), getRootMs: await getRoot() }
  for (const w of many) w.drop()
  await sleep(3000)
  results.serveManyWatches.dmonRunning3sAfterAllClientsLeft = dmons()
  const mine = invoke('watch:run', [{ pid: j.pid, seconds: 600 }], 'page-mine-0001')
  await sleep(4000)
  const other = await invoke('watch:cancel', [], 'page-other-001').answer
  await sleep(1000)
  const mineAfter = await Promise.race([mine.answer, sleep(500).then(() => 'still running')])
  results.serveCancelOtherClient = { cancelAnswer: other, myWatch: mineAfter === 'still running' ? mineAfter : mineAfter.error?.code ?? 'done' }
  await invoke('watch:cancel', [], 'page-mine-0001').answer
  const py = await invoke('diagnosis:start', [{ python: planted }]).answer
  await sleep(1000)
  results.servePlantedPython = { answer: py.ok ? py.value : py.error, plantedProgramRan: existsSync(mark) }
  // Stop what the old server would keep running before stopping it.
  await invoke('watch:cancel', []).answer
  serve.kill('SIGTERM')
  await new Promise((r) => serve.once('exit', r))
  await sleep(1000)
  results.dmonAfterServeStopped = dmons()
}

for (const c of started) c.kill('SIGKILL')
console.log(JSON.stringify(results, null, 2))
