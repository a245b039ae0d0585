import { describe, expect, it } from 'vitest'

import { interpolate, MISSING_VALUE } from '../../../src/shared/i18n/interpolate'
import { MessageSchema } from '../../../src/shared/message'

describe('interpolate', () => {
  it('fills every placeholder, numbers as written, spaces inside the braces allowed', () => {
    expect(interpolate('{{a}} of {{ b }}, {{a}} again', { a: 1, b: 'two' })).toBe('1 of two, 1 again')
    expect(interpolate('no placeholders', { a: 1 })).toBe('no placeholders')
    expect(interpolate('{{zero}} and {{empty}}.', { zero: 0, empty: '' })).toBe('0 and .')
  })

  it('shows a missing value as "?", never as the raw marker or an empty gap', () => {
    expect(MISSING_VALUE).toBe('?')
    expect(interpolate('PyTorch sees {{torchCount}} GPU(s), but nvidia-smi lists {{hostCount}}.', { torchCount: 1 })).toBe(
      'PyTorch sees 1 GPU(s), but nvidia-smi lists ?.',
    )
    expect(interpolate('{{toString}} {{constructor}}', {})).toBe('? ?')
  })
})

describe('Message', () => {
  it('is a key with string or number params', () => {
    expect(MessageSchema.parse({ key: 'probe.failed', params: { reason: 'x', code: 2 } })).toEqual({ key: 'probe.failed', params: { reason: 'x', code: 2 } })
    expect(() => MessageSchema.parse({ key: 'probe.failed', params: { reason: null } })).toThrow()
  })
})
