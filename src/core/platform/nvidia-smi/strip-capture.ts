/**
 * Removes what a terminal copy adds around nvidia-smi output, so that text pasted into
 * `--from-smi` parses like the raw output.
 */

// `$ cmd`, `# nvidia-smi`, `user@host:~$ cmd`, `(venv) user@host:~$ cmd`, `PS C:\x> cmd`, `C:\x>cmd`.
const PROMPT_LINES: readonly RegExp[] = [
  /^\$\s+\S/,
  /^#\s*nvidia-smi(?:\.exe)?\b/i,
  /^(?:\([^)]*\)\s*)?[\w.-]+@[\w.-]+(?::[^\s$#]*)?\s*[$#]\s*\S/,
  // (No "@" before the "@", one blank after "PS": overlapping repeats split a long run every way.)
  /^(?:\([^)]*\)\s*)?\[[^\]@]*@[^\]]*\]\s*[$#]\s*\S/,
  /^PS\s[^>]*>\s*\S/,
  /^[A-Za-z]:\\[^>]*>\s*\S/,
  /^[^|+\s][^|]*?[$#>%]\s*nvidia-smi(?:\.exe)?\b/i,
]

const EXIT_LINE = /^\[exit -?\d+\]$/

/**
 * Normalises line endings to LF, drops a leading shell-prompt line (`$ nvidia-smi -q`,
 * `PS C:\Users\me> nvidia-smi`, `user@host:~$ nvidia-smi`) and a trailing `[exit N]` line.
 */
export function stripCaptureArtifacts(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')

  let first = 0
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++
  const opening = (lines[first] ?? '').trim()
  if (first < lines.length && PROMPT_LINES.some((re) => re.test(opening))) {
    lines.splice(0, first + 1)
  }

  let last = lines.length - 1
  while (last >= 0 && (lines[last] ?? '').trim() === '') last--
  if (last >= 0 && EXIT_LINE.test((lines[last] ?? '').trim())) {
    // The output before the marker ended with a newline; keep it.
    lines.splice(last, lines.length - last, ...(last > 0 ? [''] : []))
  }
  return lines.join('\n')
}
