import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { resolvePython, type InterpreterAllowlist } from '../../../src/core/app/resolve-python'
import { BadInterpreterError, InterpreterNotAllowedError, NoPythonError } from '../../../src/core/platform/errors'
import { createInterpreterAllowlist } from '../../../src/core/platform/probe/interpreter-allowlist'
import { TORCH_PYTHON } from '../../helpers/pythons'

// One order for the CLI, the app and serve (it used to differ between them): what is checked
// first, what is asked of the allow-list, and when the named program first runs.

/** A machine with no Python anywhere: empty PATH, a HOME with no conda. */
const noPythonEnv = (): NodeJS.ProcessEnv => ({ PATH: mkdtempSync(join(tmpdir(), 'gd-nopath-')), HOME: mkdtempSync(join(tmpdir(), 'gd-home-')) })

/** A program that is not Python: it leaves `mark` when run, then fails. */
function planted(): { program: string; mark: string } {
  const at = mkdtempSync(join(tmpdir(), 'gd-resolve-'))
  const program = join(at, 'python3')
  const mark = join(at, 'ran')
  writeFileSync(program, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`)
  chmodSync(program, 0o755)
  return { program, mark }
}

/** An allow-list that lets everything run and remembers what it was asked. */
function recordingAllowlist(): InterpreterAllowlist & { asked: string[] } {
  const asked: string[] = []
  return { asked, require: async (python) => void asked.push(python) }
}

/** The allow-list of serve without --python: only what discovery finds (here nothing) may run. */
const nothingAllowed = () => createInterpreterAllowlist({ discover: async () => [] })

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e)

describe('resolvePython', () => {
  it('refuses a named path that is not there before the allow-list is asked', async () => {
    const allowlist = recordingAllowlist()
    const error = await failure(resolvePython({ explicit: '/nonexistent/bin/python3', allowlist }))
    expect(error).toBeInstanceOf(BadInterpreterError)
    expect(error).toMatchObject({ reason: 'missing', python: '/nonexistent/bin/python3' })
    expect(allowlist.asked).toEqual([])
  })

  it('refuses a folder before the allow-list is asked', async () => {
    const allowlist = recordingAllowlist()
    const folder = mkdtempSync(join(tmpdir(), 'gd-folder-'))
    expect(await failure(resolvePython({ explicit: folder, allowlist }))).toMatchObject({ reason: 'directory' })
    expect(allowlist.asked).toEqual([])
  })

  it('refuses a program the allow-list does not hold without running it', async () => {
    const { program, mark } = planted()
    const error = await failure(resolvePython({ explicit: program, allowlist: nothingAllowed() }))
    expect(error).toBeInstanceOf(InterpreterNotAllowedError)
    expect(error).toMatchObject({ howToAllow: 'serve-option' })
    expect(existsSync(mark)).toBe(false)
  })

  it('runs an allowed (or command-line) program only then, and refuses it when it is no working Python', async () => {
    const { program, mark } = planted()
    const allowlist = recordingAllowlist()
    expect(await failure(resolvePython({ explicit: program, allowlist }))).toMatchObject({ reason: 'does-not-run' })
    expect(allowlist.asked).toEqual([program])
    expect(existsSync(mark)).toBe(true)
    expect(await failure(resolvePython({ explicit: planted().program }))).toBeInstanceOf(BadInterpreterError)
  })

  it('answers a named working Python once the allow-list holds it', async () => {
    const allowlist = recordingAllowlist()
    expect(await resolvePython({ explicit: TORCH_PYTHON, allowlist })).toBe(TORCH_PYTHON)
    expect(allowlist.asked).toEqual([TORCH_PYTHON])
  })

  it('inside a container checks nothing here: the named one or the image python3', async () => {
    const allowlist = nothingAllowed()
    expect(await resolvePython({ explicit: '/opt/conda/bin/python', inContainer: true, allowlist, env: noPythonEnv() })).toBe('/opt/conda/bin/python')
    expect(await resolvePython({ inContainer: true, allowlist, env: noPythonEnv() })).toBe('python3')
  })

  it('without a name, finds one on this machine (not asked of the allow-list), else says there is none', async () => {
    const allowlist = recordingAllowlist()
    const env = { PATH: dirname(TORCH_PYTHON), HOME: mkdtempSync(join(tmpdir(), 'gd-home-')) }
    expect(dirname(await resolvePython({ allowlist, env }))).toBe(dirname(TORCH_PYTHON))
    expect(allowlist.asked).toEqual([])
    await expect(resolvePython({ allowlist, env: noPythonEnv() })).rejects.toBeInstanceOf(NoPythonError)
  })
})
