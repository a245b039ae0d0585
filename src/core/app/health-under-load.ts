import type { HealthOutcome } from '../domain/health/check-health'
import { checkHealthUnderLoad } from '../domain/health/check-under-load'
import { resolvePython, type InterpreterAllowlist } from './resolve-python'

export { LOAD_SETTLE_MS } from '../domain/health/check-under-load'

export interface HealthUnderLoadOptions {
  /** The Python whose PyTorch runs the load; absent: the one a diagnosis would use. */
  python?: string
  allowlist?: InterpreterAllowlist
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/**
 * The hardware preflight read while GPU Doctor's own bf16 load runs, for `health --under-load` and
 * the app: the Python is settled and checked before the load starts (resolvePython's errors).
 * `load` runs it (default: a load of its own; the service shares one load per Python between callers).
 */
export async function readHealthUnderLoad(
  options: HealthUnderLoadOptions,
  load: (python: string) => Promise<HealthOutcome> = (python) => checkHealthUnderLoad({ nvidiaSmiPath: options.nvidiaSmiPath, env: options.env, signal: options.signal, python }),
): Promise<HealthOutcome> {
  const python = await resolvePython({ explicit: options.python, allowlist: options.allowlist, env: options.env })
  return load(python)
}
