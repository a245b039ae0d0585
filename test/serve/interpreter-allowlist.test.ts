import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createCoreService } from '../../src/core/app/service/core-service'
import type { CoreService } from '../../src/core/app/service/types'
import { type RunningServer, startServer } from '../../src/serve'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { TORCH_PYTHON } from '../helpers/pythons'
import { venvLayout } from '../helpers/venv-layout'

// The real core behind the real server. A page (any holder of the token) names a program as "the
// Python"; the program here only leaves a mark that it ran.
const TOKEN = 'p'.repeat(64)
let server: RunningServer | null = null
let core: CoreService | null = null
let dir = ''

afterEach(async () => {
  await server?.close()
  await core?.dispose()
  server = null
  core = null
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** A program that is not Python: it writes `mark` when run, whatever its arguments. */
function planted(): { program: string; mark: string } {
  const at = mkdtempSync(join(tmpdir(), 'gd-planted-'))
  const program = join(at, 'python3')
  const mark = join(at, 'ran')
  writeFileSync(program, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`)
  chmodSync(program, 0o755)
  return { program, mark }
}

async function start(allowedInterpreters?: string[]) {
  dir = await mkdtemp(join(tmpdir(), 'gd-serve-py-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>GPU Doctor</title>')
  core = createCoreService({ env: fakeSmiEnv('h200-x1'), ...(allowedInterpreters ? { allowedInterpreters } : {}) })
  server = await startServer({ core, rendererDir: dir, token: TOKEN })
}

async function invoke(channel: string, args: unknown[]) {
  const res = await fetch(`http://127.0.0.1:${server!.port}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ args }),
  })
  return (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string; details?: Record<string, string> } }
}

describe('serve: which program may run as "the Python"', { timeout: 30_000 }, () => {
  it('a program discovery did not find is refused by diagnosis:start, health under load and docker:compare, and never runs', async () => {
    const { program, mark } = planted()
    await start()
    for (const [channel, args] of [
      ['diagnosis:start', [{ python: program }]],
      ['health:check', [{ underLoad: true, python: program }]],
      ['docker:compare', [{ a: 'host', b: 'host', python: program }]],
    ] as const) {
      const r = await invoke(channel, [...args])
      expect(r, channel).toMatchObject({ ok: false, error: { code: 'interpreter-not-allowed', details: { python: program, howToAllow: 'serve-option' } } })
      expect(r.error!.message).toContain('gpu-doctor serve --python PATH')
    }
    expect(existsSync(mark), 'the planted program ran').toBe(false)
  })

  it('one named with serve --python runs, and so does one that discovery finds (on PATH here)', async () => {
    const named = planted()
    await start([named.program])
    const r = await invoke('diagnosis:start', [{ python: named.program }])
    // It ran: the check that it is a working Python failed, since it is not one.
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-interpreter', details: { reason: 'does-not-run' } } })
    expect(existsSync(named.mark)).toBe(true)
    await server!.close()
    await core!.dispose()

    const onPath = planted()
    const folder = join(onPath.program, '..')
    core = createCoreService({ env: { ...fakeSmiEnv('h200-x1'), PATH: `${folder}:${process.env.PATH}` } })
    server = await startServer({ core, rendererDir: dir, token: TOKEN })
    const listed = await invoke('diagnosis:list-interpreters', [])
    expect((listed.value as Array<{ path: string }>).map((i) => i.path)).toContain(onPath.program)
    const again = await invoke('diagnosis:start', [{ python: onPath.program }])
    expect(again.error?.code).toBe('bad-interpreter')
  })

  it('a venv whose bin/python links to the allowed Python is refused, and its site-packages never load', async () => {
    const venv = venvLayout()
    await start([TORCH_PYTHON])
    const r = await invoke('diagnosis:start', [{ python: venv.python }])
    expect(r).toMatchObject({ ok: false, error: { code: 'interpreter-not-allowed', details: { python: venv.python } } })
    expect(existsSync(venv.mark), 'the venv site-packages ran').toBe(false)
  })

  it('a path that does not exist is still said to be missing (nothing to run, nothing to allow)', async () => {
    await start()
    const r = await invoke('diagnosis:start', [{ python: '/opt/nowhere/bin/python3' }])
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-interpreter', details: { reason: 'missing' } } })
  })
})
