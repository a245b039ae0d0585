import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { TORCH_PYTHON } from './pythons'

let pythonVersion: string | null = null

/** "3.11" for the real test Python (asked once): a venv's site-packages folder is named after it. */
function realPythonVersion(): string {
  pythonVersion ??= execFileSync(TORCH_PYTHON, ['-c', 'import sys;print(f"{sys.version_info[0]}.{sys.version_info[1]}")'], { encoding: 'utf8', timeout: 10_000 }).trim()
  return pythonVersion
}

/**
 * A venv as `python -m venv` lays it out, made by hand: pyvenv.cfg, bin/python a link to the real
 * test Python, and a .pth in its site-packages that leaves `mark` when that site-packages loads.
 */
export function venvLayout(at = mkdtempSync(join(tmpdir(), 'gd-venv-'))): { prefix: string; python: string; mark: string } {
  const prefix = join(at, 'venv')
  const sitePackages = join(prefix, 'lib', `python${realPythonVersion()}`, 'site-packages')
  mkdirSync(sitePackages, { recursive: true })
  mkdirSync(join(prefix, 'bin'))
  writeFileSync(join(prefix, 'pyvenv.cfg'), `home = ${dirname(TORCH_PYTHON)}\ninclude-system-site-packages = false\n`)
  const python = join(prefix, 'bin', 'python')
  symlinkSync(TORCH_PYTHON, python)
  const mark = join(at, 'site-ran')
  writeFileSync(join(sitePackages, 'mark.pth'), `import pathlib; pathlib.Path(${JSON.stringify(mark)}).touch()\n`)
  return { prefix, python, mark }
}

/** A program that is not Python: it leaves `mark` when run, then fails. */
export function plantedProgram(at = mkdtempSync(join(tmpdir(), 'gd-planted-'))): { program: string; mark: string } {
  const program = join(at, 'not-python')
  const mark = join(at, 'ran')
  writeFileSync(program, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`)
  chmodSync(program, 0o755)
  return { program, mark }
}
