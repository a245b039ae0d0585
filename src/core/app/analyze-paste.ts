import { MAX_PASTED_TEXT } from '../../shared/constants'
import { analyzeText, type TextAnalysis } from '../domain/rules/analyze-text'
import { readTextInput } from '../platform/files/read-input'

/**
 * `gpu-doctor analyze --from FILE`: what the rules find in a saved log, nvidia-smi output,
 * collect_env or ldd output (`-` is stdin). Empty, binary or larger than MAX_PASTED_TEXT: an InputError.
 */
export async function analyzePaste(file: string): Promise<TextAnalysis> {
  return analyzeText(await readTextInput(file, MAX_PASTED_TEXT))
}
