import { existsSync, statSync } from 'node:fs'
import { isAbsolute } from 'node:path'

import { BadInterpreterError } from '../errors'
import { inspectInterpreter, type Interpreter } from './interpreters'

/** Refuses a path that is not there or is a folder, without running anything. */
export function checkInterpreterPath(python: string): void {
  // A bare name ("python3") is looked up on PATH by the spawn; a path must exist.
  if (isAbsolute(python) || python.includes('/') || python.includes('\\')) {
    if (!existsSync(python)) throw new BadInterpreterError(python, 'missing', '')
    if (statSync(python).isDirectory()) throw new BadInterpreterError(python, 'directory', '')
  }
}

/**
 * Checks that `python` exists and runs before a diagnosis spends a minute on it: a run with a
 * path that is not there would "fail" every step and land in history as a broken machine.
 * Returns what it found (version, where torch is); a Python without torch is a finding, not an error.
 */
export async function checkInterpreter(python: string, env?: NodeJS.ProcessEnv): Promise<Interpreter> {
  checkInterpreterPath(python)
  const found = await inspectInterpreter(python, 'explicit', env)
  if (found.error !== null) throw new BadInterpreterError(python, found.error === 'not found' ? 'missing' : 'does-not-run', found.error === 'not found' ? '' : found.error)
  return found
}
