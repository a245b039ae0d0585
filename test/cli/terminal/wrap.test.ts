import { describe, expect, it } from 'vitest'

import { displayWidth } from '../../../src/cli/terminal/display-width'
import { createStyle } from '../../../src/cli/terminal/terminal-style'
import { wrapLine, wrapText } from '../../../src/cli/terminal/wrap'

describe('displayWidth', () => {
  it('counts CJK, full-width forms and wide emoji as two columns, combining marks as none', () => {
    expect(displayWidth('GPU')).toBe(3)
    expect(displayWidth('驱动版本')).toBe(8)
    expect(displayWidth('（有错误时）')).toBe(12)
    expect(displayWidth('한국어')).toBe(6)
    expect(displayWidth('e\u0301')).toBe(1)
    expect(displayWidth('\u{1f680}')).toBe(2)
    expect(displayWidth('✔ ⚠ ✘ — °')).toBe(9)
  })

  it('gives colour marks no width', () => {
    const style = createStyle(true)
    expect(displayWidth(style.paint('fail', '失败 FAIL'))).toBe(9)
  })
})

describe('wrapText', () => {
  it('leaves text as it is where there is no width (a pipe)', () => {
    const long = 'word '.repeat(40).trim()
    expect(wrapText(long, undefined)).toBe(long)
  })

  it('breaks between words, continuing a list item under its text', () => {
    const out = wrapLine(`  - ${'alpha beta gamma '.repeat(8).trim()}`, 40)
    expect(out.every((l) => displayWidth(l) <= 40)).toBe(true)
    expect(out.slice(1).every((l) => l.startsWith('    ') && !l.startsWith('     '))).toBe(true)
    expect(out.join(' ').replace(/ +/g, ' ')).toBe(`  - ${'alpha beta gamma '.repeat(8).trim()}`.replace(/ +/g, ' '))
  })

  it('breaks Chinese between characters by display width, never before closing punctuation', () => {
    const text = '在 IMAGE 的容器中运行同样的诊断（Docker；探针只读挂载，无网络），并把结果保存到历史记录中，以便以后对比。'
    const out = wrapLine(text, 20)
    expect(out.every((l) => displayWidth(l) <= 20)).toBe(true)
    expect(out.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''))
    expect(out.some((l) => /^[，。；）]/.test(l))).toBe(false)
  })

  it('continues a shell command with " \\" so that it runs as copied', () => {
    const out = wrapLine('   $ docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit stack=67108864 -it --rm nvcr.io/nvidia/pytorch:25.01-py3', 60)
    expect(out.length).toBeGreaterThan(1)
    expect(out.slice(0, -1).every((l) => l.endsWith(' \\'))).toBe(true)
    expect(out.every((l) => displayWidth(l) <= 60)).toBe(true)
    expect(out.map((l) => l.replace(/ \\$/, '').trim()).join(' ')).toBe('$ docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit stack=67108864 -it --rm nvcr.io/nvidia/pytorch:25.01-py3')
  })

  it('keeps a word longer than the line whole (a URL still copies in one piece)', () => {
    const url = `https://example.com/${'x'.repeat(100)}`
    const out = wrapLine(`See ${url} for more`, 40)
    expect(out).toContain(url)
  })

  it('keeps colour marks with their word and counts no width for them', () => {
    const style = createStyle(true)
    const out = wrapLine(`${style.paint('fail', '✘ error')} ${'some words '.repeat(10).trim()}`, 30)
    expect(out.every((l) => displayWidth(l) <= 30)).toBe(true)
    // eslint-disable-next-line no-control-regex -- the colour sequences are what is checked
    expect(style.toTerminal(out[0]!)).toMatch(/^\x1b\[31m✘ error\x1b\[0m /)
  })
})
