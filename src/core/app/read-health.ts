import { MAX_KERNEL_LOG_TEXT, MAX_SMI_TEXT } from '../../shared/constants'
import { checkHealth, type HealthOutcome } from '../domain/health/check-health'
import { readTextInput } from '../platform/files/read-input'

export interface ReadHealthOptions {
  /** A saved `nvidia-smi -q` (or `-q -x`) to judge instead of this machine (`-` is stdin). */
  smiFile?: string
  /** A saved kernel log to read Xids from; an empty one is a quiet machine, not a mistake. */
  kernelLogFile?: string
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/**
 * The hardware preflight of `gpu-doctor health`, serve's /metrics and the app's Health page: this
 * machine's nvidia-smi -q -x and kernel log, or saved ones (InputError when a file is empty, binary
 * or too large). Health that cannot be read is an outcome that says why, not an error.
 */
export async function readHealth(options: ReadHealthOptions): Promise<HealthOutcome> {
  const { smiFile, kernelLogFile, ...live } = options
  return checkHealth({
    ...live,
    smiText: smiFile === undefined ? undefined : await readTextInput(smiFile, MAX_SMI_TEXT),
    kernelLogText: kernelLogFile === undefined ? undefined : await readTextInput(kernelLogFile, MAX_KERNEL_LOG_TEXT, { allowEmpty: true }),
  })
}
