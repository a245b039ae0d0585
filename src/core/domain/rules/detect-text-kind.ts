import { parseSmiOutput } from '../../platform/nvidia-smi/parse-any'
import { isLddLine } from './parse-ldd'

/** What a pasted text is: nvidia-smi output, a collect_env report, ldd output, or any other log. */
export type TextKind = 'nvidia-smi' | 'collect_env' | 'ldd' | 'log'

// What nvidia-smi prints instead of a table when it cannot work.
const SMI_ERROR = /NVIDIA-SMI has failed|^Failed to initialize NVML|^No devices were found/im

// A shell prompt or an `ldd` command line, or the `file:` header ldd prints for several files.
const LDD_FRAME = /^(?:.*[$#>]\s*)?ldd\s|^\S+:$/

function looksLikeLdd(lines: string[]): boolean {
  const content = lines.filter((l) => !LDD_FRAME.test(l))
  const deps = content.filter(isLddLine).length
  return deps >= 2 && deps >= content.length * 0.6
}

/** Decides the kind of a pasted text (CRLF or LF). */
export function detectTextKind(text: string): TextKind {
  const clean = text.replace(/\r\n?/g, '\n')
  if (/^PyTorch version:/m.test(clean) && /^(?:CUDA used to build PyTorch|Is CUDA available):/m.test(clean)) {
    return 'collect_env'
  }
  const lines = clean.split('\n').map((l) => l.trim()).filter((l) => l !== '')
  if (looksLikeLdd(lines)) return 'ldd'
  if (SMI_ERROR.test(clean) || 'status' in parseSmiOutput(clean)) return 'nvidia-smi'
  return 'log'
}
