import { describe, expect, it } from 'vitest'

import { pastedTextProblem } from '../../../../src/core/platform/files/pasted-text'

describe('pastedTextProblem', () => {
  it('empty and whitespace-only pastes are empty', () => {
    expect(pastedTextProblem('')).toBe('empty')
    expect(pastedTextProblem(' \n\t\r\n')).toBe('empty')
  })

  it('binary data is not text: a NUL byte, or mostly control bytes', () => {
    expect(pastedTextProblem('ELF\u0000\u0001\u0002')).toBe('not-text')
    expect(pastedTextProblem(Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256)).toString('utf8'))).toBe('not-text')
  })

  it('real pastes are text, coloured terminal output and Chinese included', () => {
    expect(pastedTextProblem('RuntimeError: CUDA out of memory.\n')).toBeNull()
    expect(pastedTextProblem('\u001b[31mERROR\u001b[0m: 显存不足\tGPU 0\r\n')).toBeNull()
  })

  it('the line is at 10 % odd characters: C0 and C1 controls and U+FFFD count, tab, line breaks, form feed and ESC do not', () => {
    const text = (odd: string, n: number) => `${odd.repeat(n)}${'a'.repeat(100 - n)}`
    for (const odd of ['\u0001', '\u000b', '\u001f', '\u007f', '\u0085', '\ufffd']) {
      expect(pastedTextProblem(text(odd, 10)), JSON.stringify(odd)).toBeNull()
      expect(pastedTextProblem(text(odd, 11)), JSON.stringify(odd)).toBe('not-text')
    }
    for (const fine of ['\t', '\n', '\r', '\f', '\u001b', '\u00a0', '😀']) expect(pastedTextProblem(`x${fine.repeat(60)}`), JSON.stringify(fine)).toBeNull()
  })
})
