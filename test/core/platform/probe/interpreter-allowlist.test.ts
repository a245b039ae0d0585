import { existsSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { InterpreterNotAllowedError } from '../../../../src/core/platform/errors'
import { createInterpreterAllowlist } from '../../../../src/core/platform/probe/interpreter-allowlist'
import { inspectInterpreter, type Interpreter } from '../../../../src/core/platform/probe/interpreters'
import { interpreterLaunch } from '../../../../src/core/platform/probe/pinned-interpreters'
import { runProcess } from '../../../../src/core/platform/process/run-process'
import { TORCH_PYTHON } from '../../../helpers/pythons'
import { plantedProgram, venvLayout } from '../../../helpers/venv-layout'

// Real links and venv layouts in a temporary folder, the real test Python behind them: what a page
// may name as "the Python" for serve and the app, and what then runs.

const found = (...paths: string[]) => async (): Promise<Interpreter[]> => paths.map((path) => ({ path, source: 'path', version: '3', torchLocation: null, error: null }))
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e)
const scratch = () => mkdtempSync(join(tmpdir(), 'gd-allow-'))

describe('interpreter allow-list', () => {
  it('a venv whose bin/python links to an allowed Python is another interpreter: refused, its site-packages never load', async () => {
    const venv = venvLayout()
    const allowlist = createInterpreterAllowlist({ discover: found(TORCH_PYTHON) })
    expect(await failure(allowlist.require(venv.python))).toBeInstanceOf(InterpreterNotAllowedError)
    expect(existsSync(venv.mark)).toBe(false)
  })

  it('a link to an allowed Python from another folder is refused (Python reads that folder: pyvenv.cfg, ._pth)', async () => {
    const link = join(scratch(), 'python3')
    symlinkSync(TORCH_PYTHON, link)
    const allowlist = createInterpreterAllowlist({ discover: found(TORCH_PYTHON) })
    expect(await failure(allowlist.require(link))).toBeInstanceOf(InterpreterNotAllowedError)
  })

  it('the same file from the same folder is the same interpreter: the python3 link and what it names', async () => {
    const at = scratch()
    const real = join(at, 'python3.99')
    const { program } = plantedProgram()
    renameSync(program, real)
    symlinkSync('python3.99', join(at, 'python3'))
    const allowlist = createInterpreterAllowlist({ discover: found(join(at, 'python3')) })
    await allowlist.require(real)
    await allowlist.require(join(at, '.', 'python3'))
  })

  it('a venv that was discovered (or named) is allowed, and runs as itself: its prefix, its site-packages', async () => {
    const venv = venvLayout()
    const allowlist = createInterpreterAllowlist({ discover: found(), preset: [venv.python] })
    await allowlist.require(venv.python)
    const launch = interpreterLaunch(venv.python)
    expect(launch).toMatchObject({ argv0: venv.python })
    if ('refused' in launch) throw new Error(launch.refused)
    const run = await runProcess(launch.command, ['-c', 'import sys;print(sys.prefix)'], { timeoutMs: 20_000, argv0: launch.argv0 })
    expect(run.stdout.trim()).toBe(venv.prefix)
    expect(existsSync(venv.mark)).toBe(true)
    // Allowing the venv does not allow its base Python, nor the reverse.
    expect(await failure(allowlist.require(TORCH_PYTHON))).toBeInstanceOf(InterpreterNotAllowedError)
  })

  it('a link repointed after the check is refused at the start, and the program it now names never runs', async () => {
    const at = scratch()
    const link = join(at, 'python3')
    symlinkSync(TORCH_PYTHON, link)
    const allowlist = createInterpreterAllowlist({ discover: found(), preset: [link] })
    await allowlist.require(link)
    const { program, mark } = plantedProgram()
    unlinkSync(link)
    symlinkSync(program, link)
    expect(interpreterLaunch(link)).toMatchObject({ refused: expect.stringContaining('changed after it was allowed') })
    expect((await inspectInterpreter(link, 'explicit')).error).toContain('changed after it was allowed')
    expect(existsSync(mark)).toBe(false)
  })

  it('a venv whose pyvenv.cfg appears or changes after the check is refused at the start', async () => {
    const at = scratch()
    mkdirSync(join(at, 'env', 'bin'), { recursive: true })
    const python = join(at, 'env', 'bin', 'python3')
    symlinkSync(TORCH_PYTHON, python)
    const allowlist = createInterpreterAllowlist({ discover: found(), preset: [python] })
    await allowlist.require(python)
    writeFileSync(join(at, 'env', 'pyvenv.cfg'), `home = ${dirname(TORCH_PYTHON)}\n`)
    expect(interpreterLaunch(python)).toHaveProperty('refused')
  })

  it('the app: a path it did not find is asked about, and a link repointed while the dialog was open is refused', async () => {
    const venv = venvLayout()
    const asked: string[] = []
    const allowlist = createInterpreterAllowlist({
      discover: found(TORCH_PYTHON),
      confirm: async (python) => {
        asked.push(python)
        unlinkSync(venv.python)
        symlinkSync(plantedProgram().program, venv.python)
        return true
      },
    })
    expect(await failure(allowlist.require(venv.python))).toMatchObject({ howToAllow: 'confirm' })
    expect(asked).toEqual([venv.python])
  })
})
