import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

// The check `npm test` ends with (scripts/test-leftovers.mjs), run for real: real processes, a real
// listening socket, a real container on the shared engine. A mark of its own (--marker) keeps the
// processes of the other test files, which carry npm's mark, out of it.
const SCRIPT = resolve(import.meta.dirname, '../../scripts/test-leftovers.mjs')
const DOCKER = /^unix:\/\/(.+)$/.exec(process.env.DOCKER_HOST ?? '')?.[1] ?? '/var/run/docker.sock'

const started: ChildProcess[] = []
afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL')
})

function leftovers(command: 'snapshot' | 'check', baseline: string, marker: string, ...more: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, command, '--baseline', baseline, '--marker', marker, '--grace-ms', '300', ...more], { encoding: 'utf8', timeout: 30_000 })
  return { code: r.status, out: r.stdout + r.stderr }
}

function startMarked(marker: string | null, code: string): ChildProcess {
  const [name, value] = (marker ?? 'UNMARKED=1').split('=') as [string, string]
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore', env: { PATH: process.env.PATH, [name]: value } })
  started.push(child)
  return child
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function engine(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((done) => {
    const req = request({ socketPath: DOCKER, method, path, timeout: 60_000, headers: body ? { 'Content-Type': 'application/json' } : {} }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => done({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => done({ status: 0, json: null }))
    req.end(body ? JSON.stringify(body) : undefined)
  })
}

describe('the leftover check at the end of npm test', { timeout: 120_000 }, () => {
  it('flags a process the run started and left listening, names its port and stops it; not one that was there before, nor one of another run', async () => {
    const baseline = join(mkdtempSync(join(tmpdir(), 'gd-leftovers-')), 'baseline.json')
    const marker = `GD_LEFTOVER_TEST=${randomUUID()}`
    const before = startMarked(marker, 'setInterval(() => {}, 1000)')
    await sleep(300)
    // Processes only: other test files' containers come and go meanwhile.
    expect(leftovers('snapshot', baseline, marker, '--no-containers').code).toBe(0)
    const unrelated = startMarked(null, 'setInterval(() => {}, 1000)')
    const left = startMarked(marker, "require('node:net').createServer().listen(0, '127.0.0.1')")
    await sleep(500)

    const r = leftovers('check', baseline, marker, '--no-containers')
    expect(r.code, r.out).toBe(1)
    expect(r.out).toContain('the tests left 1 process(es) and 0 container(s) behind')
    expect(r.out).toMatch(new RegExp(`process ${left.pid}: .*createServer.* \\(listening on 127\\.0\\.0\\.1:\\d+\\)`))
    expect(r.out).not.toContain(`process ${before.pid}:`)
    expect(r.out).not.toContain(`process ${unrelated.pid}:`)
    await sleep(300)
    expect(left.exitCode !== null || left.signalCode !== null).toBe(true)

    expect(leftovers('check', baseline, marker, '--no-containers')).toMatchObject({ code: 0, out: expect.stringContaining('Leftover check passed') })
    expect(before.exitCode).toBeNull()
  })

  it('flags a test container created after the snapshot (where a Docker engine answers), not one that was there', async (ctx) => {
    const images = await engine('GET', '/images/json')
    // The smallest tagged image: creating a container copies its files on the vfs driver.
    const tagged = ((images.json as Array<{ RepoTags?: string[] | null; Size: number }> | null) ?? []).filter((i) => i.RepoTags?.some((t) => t !== '<none>:<none>'))
    const image = tagged.sort((a, b) => a.Size - b.Size)[0]?.RepoTags?.find((t) => t !== '<none>:<none>')
    if (!image) return ctx.skip()
    const baseline = join(mkdtempSync(join(tmpdir(), 'gd-leftovers-')), 'baseline.json')
    const marker = `GD_LEFTOVER_TEST=${randomUUID()}`
    expect(leftovers('snapshot', baseline, marker).code).toBe(0)
    const name = `gd-test-leftover-${randomUUID().slice(0, 8)}`
    const created = await engine('POST', `/containers/create?name=${name}`, { Image: image, Cmd: ['true'] })
    expect(created.status).toBe(201)
    try {
      const r = leftovers('check', baseline, marker)
      expect(r.code, r.out).toBe(1)
      expect(r.out).toContain(`container ${name} (${image}, created)`)
    } finally {
      await engine('DELETE', `/containers/${name}?force=1`)
    }
    // Gone now (other test files' containers may come and go meanwhile: only this one is looked for).
    expect(leftovers('check', baseline, marker).out).not.toContain(name)
  })
})
