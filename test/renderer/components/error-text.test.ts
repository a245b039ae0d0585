import { describe, expect, it } from 'vitest'

import { createI18n } from '../../../src/renderer/i18n'
import { errorText } from '../../../src/renderer/components/error-text'

describe('errorText', () => {
  const en = createI18n('en').t
  const zh = createI18n('zh-CN').t

  it('says an empty, binary or oversized paste in the reader\'s language, with the size accepted', () => {
    const tooLarge = { code: 'input-too-large', message: 'nvidia-smi output: the input is larger than the 4 MiB accepted', details: { source: 'nvidia-smi output', maxBytes: String(4 * 1024 * 1024) } }
    expect(errorText(tooLarge, en)).toBe('nvidia-smi output is larger than the 4 MiB accepted: paste the part that matters.')
    expect(errorText(tooLarge, zh)).toBe('nvidia-smi output 超过了可接受的 4 MiB：请只粘贴相关部分。')
    expect(errorText({ code: 'input-not-text', message: 'x', details: { source: 'nvidia-smi output' } }, zh)).toContain('不是文本')
  })

  it('names why a file was not written and keeps the path', () => {
    const e = { code: 'not-written', message: 'Not written: /ro/r.pdf: is a folder', details: { problem: 'is-directory', path: '/ro/r.pdf', detail: 'is a folder' } }
    expect(errorText(e, en)).toBe('Not saved: /ro/r.pdf — that is a folder. Any earlier file there is unchanged.')
    expect(errorText(e, zh)).toBe('未保存：/ro/r.pdf — 那是一个文件夹。原有文件保持不变。')
  })

  it('an error without a text of its own keeps the core\'s message', () => {
    expect(errorText({ code: 'internal', message: 'boom' }, zh)).toBe('boom')
  })
})
