import { type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../src/core/app/service/core-service'
import type { CoreService } from '../../src/core/app/service/types'
import { type RunningServer, startServer } from '../../src/serve'
import { IDLE, sleep, startNode, stopTree } from '../helpers/busy-processes'
import { fakeSmiEnv } from '../helpers/fake-smi'

// The real core behind the real server; the GPU side is the fake nvidia-smi, whose dmon streams
// until it is killed, the job a real idle process.
const TOKEN = 'w'.repeat(64)

/** The nvidia-smi dmon processes this test process started and that still run. */
function dmonsRunning(): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid !== process.pid) continue
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')
      if (cmd.some((a) => a.endsWith('nvidia-smi')) && cmd.includes('dmon')) pids.push(Number(name))
    } catch {
      // gone meanwhile
    }
  }
  return pids
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await sleep(100)
  }
  return check()
}

interface Open {
  /** Resolves with the parsed envelope when the answer comes. */
  answer: Promise<{ ok: boolean; error?: { code: string; message: string; details?: Record<string, string> }; value?: unknown }>
  /** Drops the connection (a closed tab, a dropped tunnel). */
  drop(): void
}

let server: RunningServer | null = null
let core: CoreService | null = null
let dir = ''
const jobs: ChildProcess[] = []

afterEach(async () => {
  await server?.close()
  await core?.dispose()
  server = null
  core = null
  jobs.splice(0).forEach(stopTree)
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function start(limits?: { perClient: number; total: number }) {
  dir = await mkdtemp(join(tmpdir(), 'gd-serve-watch-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>GPU Doctor</title>')
  const dmon = join(dir, 'dmon.txt')
  writeFileSync(dmon, '# gpu     sm    mem    enc    dec    jpg    ofa  rxpci  txpci\n# Idx      %      %      %      %      %      %   MB/s   MB/s\n    0     97     44      0      0      0      0      5      3\n')
  const job = startNode(IDLE)
  jobs.push(job)
  await sleep(300)
  core = createCoreService({ env: fakeSmiEnv('h200-x1', { FAKE_SMI_DMON: dmon, FAKE_SMI_DMON_MS: '200', FAKE_SMI_APP_PIDS: `${job.pid}:0:2300:40` }), ...(limits ? { watchLimits: limits } : {}) })
  server = await startServer({ core, rendererDir: dir, token: TOKEN })
  return job.pid!
}

function invoke(channel: string, args: unknown[], client?: string): Open {
  const body = JSON.stringify({ args })
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }
  if (client) headers['X-GPU-Doctor-Client'] = client
  const req = request({ host: '127.0.0.1', port: server!.port, method: 'POST', path: `/api/invoke/${channel}`, headers, agent: false })
  const answer = new Promise<Awaited<Open['answer']>>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => resolve(JSON.parse(text)))
    })
    req.on('error', reject)
  })
  req.end(body)
  return { answer, drop: () => req.destroy() }
}

describe('serve: watches belong to the page that asked', { timeout: 40_000 }, () => {
  it('a watch whose client disconnects stops its nvidia-smi dmon at once', async () => {
    const pid = await start()
    const watch = invoke('watch:run', [{ pid, seconds: 600 }], 'page-aaaaaaaa')
    watch.answer.catch(() => undefined)
    expect(await until(() => dmonsRunning().length === 1, 10_000), 'the watch started its dmon').toBe(true)
    watch.drop()
    expect(await until(() => dmonsRunning().length === 0, 5_000), `dmon still running: ${dmonsRunning().join(' ')}`).toBe(true)
  })

  it('refuses a watch past the cap per client and in total, with a message that says which, in the watch namespace', async () => {
    const pid = await start({ perClient: 2, total: 3 })
    const a1 = invoke('watch:run', [{ pid, seconds: 600 }], 'client-aaaaaaaa')
    const a2 = invoke('watch:run', [{ pid, seconds: 600 }], 'client-aaaaaaaa')
    expect(await until(() => dmonsRunning().length === 2, 10_000)).toBe(true)
    const a3 = await invoke('watch:run', [{ pid, seconds: 600 }], 'client-aaaaaaaa').answer
    expect(a3).toMatchObject({ ok: false, error: { code: 'watch-failed', details: { reason: 'too-many-for-client', messageKey: 'error.tooManyForClient', limit: '2' } } })
    expect(a3.error!.message).toContain('You already run 2 watches')
    const b1 = invoke('watch:run', [{ pid, seconds: 600 }], 'client-bbbbbbbb')
    expect(await until(() => dmonsRunning().length === 3, 10_000)).toBe(true)
    const c1 = await invoke('watch:run', [{ pid, seconds: 600 }], 'client-cccccccc').answer
    expect(c1).toMatchObject({ ok: false, error: { code: 'watch-failed', details: { reason: 'too-many-in-total', limit: '3' } } })
    expect(dmonsRunning()).toHaveLength(3)
    for (const w of [a1, a2, b1]) w.answer.catch(() => undefined)
    expect(await invoke('watch:cancel', [], 'client-aaaaaaaa').answer).toEqual({ ok: true, value: { cancelled: 2 } })
    expect(await invoke('watch:cancel', [], 'client-bbbbbbbb').answer).toEqual({ ok: true, value: { cancelled: 1 } })
  })

  it("watch:cancel stops only the caller's watch; another page's goes on to its verdict", async () => {
    const pid = await start()
    const mine = invoke('watch:run', [{ pid, seconds: 600 }], 'page-mine-0001')
    const theirs = invoke('watch:run', [{ pid, seconds: 3 }], 'page-theirs-01')
    expect(await until(() => dmonsRunning().length === 2, 10_000)).toBe(true)
    // A script without the header is a caller of its own too: it cancels nothing of the pages'.
    expect(await invoke('watch:cancel', []).answer).toEqual({ ok: true, value: { cancelled: 0 } })
    expect(await invoke('watch:cancel', [], 'page-mine-0001').answer).toEqual({ ok: true, value: { cancelled: 1 } })
    expect(await mine.answer).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    const verdict = await theirs.answer
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ ok: true, value: { verdict: 'healthy' } })
    expect(await until(() => dmonsRunning().length === 0, 5_000)).toBe(true)
  })
})
