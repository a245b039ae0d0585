import { realpath } from 'node:fs/promises'

import { InterpreterNotAllowedError } from '../errors'
import type { Interpreter } from './interpreters'

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
 * token) could otherwise name any program on the machine. Paths compare after resolving links, so
 * /usr/bin/python3 and the python3.12 it points to are one.
 */
export function createInterpreterAllowlist(deps: InterpreterAllowlistDeps) {
  const allowed = new Set<string>()
  const resolved = async (path: string) => realpath(path).catch(() => path)
  const add = async (path: string) => {
    allowed.add(path)
    allowed.add(await resolved(path))
  }
  const has = async (path: string) => allowed.has(path) || allowed.has(await resolved(path))
  const presets = Promise.all((deps.preset ?? []).map(add))

  return {
    /** Discovery found these: they may run. */
    async allowFound(list: readonly Interpreter[]): Promise<void> {
      await Promise.all(list.map((i) => add(i.path)))
    },
    /** Resolves when `python` may run; else asks the user where the front end can, else throws InterpreterNotAllowedError. */
    async require(python: string): Promise<void> {
      await presets
      if (await has(python)) return
      await this.allowFound(await deps.discover())
      if (await has(python)) return
      if (!deps.confirm) throw new InterpreterNotAllowedError(python, 'serve-option')
      if (!(await deps.confirm(python))) throw new InterpreterNotAllowedError(python, 'confirm')
      await add(python)
    },
  }
}
