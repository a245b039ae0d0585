import { detectInterpreters, type Interpreter } from '../platform/probe/interpreters'

/**
 * Every Python worth offering (the active venv or conda env, PATH, conda envs, Windows' py launcher)
 * with its version and whether torch is there, for `gpu-doctor interpreters` and the app's picker.
 * Where a page picks from them, what is listed is allowed to run (`allow`).
 */
export async function listInterpreters(env: NodeJS.ProcessEnv, allow?: (found: readonly Interpreter[]) => Promise<void>): Promise<Interpreter[]> {
  const found = await detectInterpreters(env)
  await allow?.(found)
  return found
}
