import { MAX_SMI_TEXT } from '../../shared/constants'
import type { GpuStatus } from '../../shared/gpu'
import { readTextInput } from '../platform/files/read-input'
import { parseSmiOutput } from '../platform/nvidia-smi/parse-any'

/**
 * `gpu-doctor status --from-smi FILE`: a saved nvidia-smi output (any of its formats) as the GPU
 * status; `error` says why the text is none of them. A file that cannot be read is an InputError.
 */
export async function readSavedStatus(file: string): Promise<{ status: GpuStatus } | { error: string }> {
  return parseSmiOutput(await readTextInput(file, MAX_SMI_TEXT))
}
