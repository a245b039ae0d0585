import { PassThrough } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { guardStream } from '../../../src/cli/stdout-guard'
import { createStyle, wantsColour } from '../../../src/cli/terminal/terminal-style'

describe('wantsColour', () => {
  it('colours a terminal, not a pipe; NO_COLOR wins; FORCE_COLOR colours a pipe; TERM=dumb is plain', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true)
    expect(wantsColour({}, {})).toBe(false)
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '' })).toBe(true)
    expect(wantsColour({}, { FORCE_COLOR: '1' })).toBe(true)
    expect(wantsColour({}, { FORCE_COLOR: '' })).toBe(true)
    expect(wantsColour({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false)
    expect(wantsColour({}, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false)
    expect(wantsColour({ isTTY: true }, { TERM: 'dumb' })).toBe(false)
  })
})

async function throughGuard(text: string, colour: (t: string) => string): Promise<string> {
  const target = new PassThrough()
  let out = ''
  target.on('data', (d: Buffer) => (out += d.toString()))
  const guarded = guardStream(target as never, undefined, colour)
  guarded.stream.write(text)
  await guarded.settled()
  return out
}

describe('colour through the stdout guard', () => {
  it('turns only this run\'s marks into colour; input can neither bring escape sequences nor forge a mark', async () => {
    const style = createStyle(true)
    const other = createStyle(true)
    const input = `\x1b[31mred from a log\x1b[0m ${other.paint('fail', 'forged')}`
    const out = await throughGuard(`${style.paint('ok', 'PASS')} ${input}`, style.toTerminal)
    expect(out.startsWith('\x1b[32mPASS\x1b[0m ')).toBe(true)
    expect(out).not.toContain('\x1b[31m')
    // eslint-disable-next-line no-control-regex -- the escape character is what is counted
    expect(out.match(/\x1b/g)).toHaveLength(2)
  })

  it('writes no marks at all with colour off', () => {
    const style = createStyle(false)
    expect(style.paint('fail', 'FAIL')).toBe('FAIL')
  })
})
