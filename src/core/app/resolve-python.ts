import { NoPythonError } from '../platform/errors'
import { checkInterpreter, checkInterpreterPath } from '../platform/probe/check-interpreter'
import { defaultPython } from './default-python'

/** Who may name a program to run as the Python: a page must pass this (the CLI's user typed it on the command line). */
export interface InterpreterAllowlist {
  /** Resolves when `python` may run (found, chosen in this session, or preset); else throws InterpreterNotAllowedError. */
  require(python: string): Promise<void>
}

export interface PythonChoice {
  /** The Python the user named (`--python`, the app's picker); absent or empty: the default. */
  explicit?: string | null
  /** The probe runs inside an image: the name is the image's business, nothing is checked here. */
  inContainer?: boolean
  /** Present where a page asks (the app, serve): the named path must be on it before it runs. */
  allowlist?: InterpreterAllowlist
  env?: NodeJS.ProcessEnv
}

/**
 * The Python a run uses, checked before anything spends time on it, in one order for every front end:
 *  - inside a container: the named one, else the image's `python3` (the image is checked when it runs);
 *  - none named: the first detected interpreter with torch, else the first that runs (it has just
 *    run for its detection), else NoPythonError;
 *  - named: a missing path or a folder is BadInterpreterError before anyone is asked; then the
 *    allow-list (InterpreterNotAllowedError, or the app's dialog), and only then is it run
 *    (BadInterpreterError 'does-not-run'), so a program a page names never runs unless allowed.
 */
export async function resolvePython(choice: PythonChoice): Promise<string> {
  const { explicit, inContainer, env } = choice
  const python = await defaultPython({ explicit, inContainer, env })
  if (!python) throw new NoPythonError()
  if (inContainer || !explicit) return python
  checkInterpreterPath(python)
  await choice.allowlist?.require(python)
  await checkInterpreter(python, env)
  return python
}
