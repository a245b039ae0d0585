import { describe, expect, it, vi } from 'vitest'

import { copyText } from '../../../src/renderer/components/clipboard'

describe('copyText', () => {
  it('copies with the Clipboard API when it is allowed', async () => {
    const writeText = vi.fn(async () => undefined)
    const select = vi.fn(() => true)
    expect(await copyText('docker pull x', { clipboard: { writeText }, select })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('docker pull x')
    expect(select).not.toHaveBeenCalled()
  })

  it('selects the text where the clipboard is denied or missing', async () => {
    const denied = { writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) }
    expect(await copyText('x', { clipboard: denied, select: () => true })).toBe('selected')
    expect(await copyText('x', { clipboard: undefined, select: () => true })).toBe('selected')
    expect(await copyText('x', { clipboard: undefined, select: () => false })).toBe('failed')
  })
})
