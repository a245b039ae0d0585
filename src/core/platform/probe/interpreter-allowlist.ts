import { InterpreterNotAllowedError } from '../errors'
import { namesAPath, readInterpreterIdentity } from './interpreter-identity'
import type { Interpreter } from './interpreters'
import { pinInterpreter } from './pinned-interpreters'

export interface InterpreterAllowlistDeps {
  /** Interpreter discovery (detectInterpreters): what it finds may run. */
  discover: () => Promise<Interpreter[]>
  /**
   * Asks the user, in the front end's own UI that a page cannot fake (the app's native dialog),
   * whether to run this path as the Python; absent where there is none (serve).
   */
  confirm?: (python: string) => Promise<boolean>
  /** Paths the user named where the front end started (serve's --python). */
  preset?: readonly string[]
}

/**
 * The programs a page may ask the core to run as "the Python": only those discovery found, the user
 * chose in this session, or serve was started with. A page (a renderer, a browser tab with the
 * token) could otherwise name any program on the machine.
 *
 * An interpreter is the file that runs, the folder it runs from and the venv settings Python finds
 * there (interpreter-identity.ts): /usr/bin/python3 and the python3.11 beside it are one, but a venv
 * whose bin/python links to an allowed python is another interpreter (its site-packages run), and
 * so is a link in another folder. What was allowed is pinned: each start re-checks it and runs the
 * resolved file (pinned-interpreters.ts).
 */
export function createInterpreterAllowlist(deps: InterpreterAllowlistDeps) {
  const allowed = new Set<string>()
  /** Bare names (found on PATH when started) that the user named or confirmed. */
  const allowedNames = new Set<string>()
  const add = (path: string) => {
    const identity = readInterpreterIdentity(path)
    if (identity) allowed.add(identity.key)
    else if (!namesAPath(path)) allowedNames.add(path)
  }
  /** Whether `python` is allowed now; when it is, its starts are pinned to what was checked. */
  const admit = (python: string): boolean => {
    const identity = readInterpreterIdentity(python)
    if (!identity) return allowedNames.has(python)
    if (!allowed.has(identity.key)) return false
    pinInterpreter(python, identity)
    return true
  }

  return {
    /** Discovery found these: they may run. */
    async allowFound(list: readonly Interpreter[]): Promise<void> {
      for (const interpreter of list) add(interpreter.path)
    },
    /** Resolves when `python` may run; else asks the user where the front end can, else throws InterpreterNotAllowedError. */
    async require(python: string): Promise<void> {
      // Read again each time: an upgrade that replaced a named python is still the one named.
      for (const path of deps.preset ?? []) add(path)
      if (admit(python)) return
      await this.allowFound(await deps.discover())
      if (admit(python)) return
      if (!deps.confirm) throw new InterpreterNotAllowedError(python, 'serve-option')
      const asked = readInterpreterIdentity(python)
      if (!(await deps.confirm(python))) throw new InterpreterNotAllowedError(python, 'confirm')
      // What the user said yes to is what was there when asked: a link repointed during the dialog is not it.
      if (asked) allowed.add(asked.key)
      else if (!namesAPath(python)) allowedNames.add(python)
      if (!admit(python)) throw new InterpreterNotAllowedError(python, 'confirm')
    },
  }
}
