import { MAX_PASTED_TEXT } from '../../shared/constants'
import { analyzeTextInSteps, type TextAnalysis } from '../domain/rules/analyze-text'
import { readTextInput } from '../platform/files/read-input'

/**
 * `gpu-doctor analyze --from FILE`: what the rules find in a saved log, nvidia-smi output,
 * collect_env or ldd output (`-` is stdin). Empty, binary or larger than MAX_PASTED_TEXT: an InputError.
 * The rules run in steps, so `signal` (Ctrl-C, SIGTERM) stops them between two: a CancelledError.
 */
export async function analyzePaste(file: string, signal?: AbortSignal): Promise<TextAnalysis> {
  return analyzeTextInSteps(await readTextInput(file, MAX_PASTED_TEXT, { signal }), signal)
}
