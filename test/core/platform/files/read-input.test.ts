import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { CancelledError } from '../../../../src/core/platform/errors'
import { InputError, readTextInput } from '../../../../src/core/platform/files/read-input'
import { recommendForRequest } from '../../../../src/core/app/recommend-images'

const dir = mkdtempSync(join(tmpdir(), 'gd-read-'))
const file = (name: string, content: string | Buffer) => {
  writeFileSync(join(dir, name), content)
  return join(dir, name)
}
const problem = (promise: Promise<unknown>) => promise.then(() => 'read', (e: unknown) => (e instanceof InputError ? e.code : String(e)))

describe('reading an input: bounded, and never "analysed" when empty or binary', () => {
  it('reads up to the limit and refuses one byte more', async () => {
    expect(await readTextInput(file('at.txt', 'x'.repeat(1000)), 1000)).toHaveLength(1000)
    expect(await problem(readTextInput(file('over.txt', 'x'.repeat(1001)), 1000))).toBe('input-too-large')
  })

  it('refuses /dev/urandom after its first 64 KiB, long before the limit', async () => {
    const started = performance.now()
    expect(await problem(readTextInput('/dev/urandom', 1024 ** 3))).toBe('input-not-text')
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('says empty, blank and binary apart, and lets an empty kernel log through when asked', async () => {
    expect(await problem(readTextInput(file('e.txt', ''), 100))).toBe('input-empty')
    expect(await problem(readTextInput(file('b.txt', '\n \t\n'), 100))).toBe('input-empty')
    expect(await problem(readTextInput(file('n.bin', Buffer.from([0x41, 0, 0x42])), 100))).toBe('input-not-text')
    expect(await readTextInput(file('e2.txt', ''), 100, { allowEmpty: true })).toBe('')
    expect(await problem(readTextInput(join(dir, 'missing.txt'), 100))).toBe('input-unreadable')
    expect(await problem(readTextInput(dir, 100))).toBe('input-unreadable')
  })

  it('reads stdin ("-") with the same limit', async () => {
    expect(await readTextInput('-', 100, { stdin: Readable.from([Buffer.from('nvidia-smi')]) })).toBe('nvidia-smi')
    expect(await problem(readTextInput('-', 100, { stdin: Readable.from([Buffer.alloc(60, 'x'), Buffer.alloc(60, 'x')]) }))).toBe('input-too-large')
  })

  it('stops reading stdin that stays open when the signal aborts (Ctrl-C): a CancelledError, the stream closed', async () => {
    const stdin = new Readable({ read() {} })
    stdin.push('RuntimeError: CUDA out of memory.\n')
    const stop = new AbortController()
    const reading = readTextInput('-', 1000, { stdin, signal: stop.signal }).catch((e: unknown) => e)
    await new Promise((resolve) => setTimeout(resolve, 50))
    stop.abort()
    expect(await reading).toBeInstanceOf(CancelledError)
    expect(stdin.destroyed).toBe(true)
    expect(await readTextInput('-', 1000, { stdin: Readable.from(['x']), signal: stop.signal }).catch((e: unknown) => e)).toBeInstanceOf(CancelledError)
  })
})

describe('the app and serve: a pasted nvidia-smi output that is empty or binary is a typed error', () => {
  it.each([
    ['', 'input-empty'],
    ['  \n', 'input-empty'],
    ['\u0000\u0001\u0002 binary', 'input-not-text'],
  ])('%j → %s', async (smiText, code) => {
    const error = await recommendForRequest({ smiText }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InputError)
    expect(error).toMatchObject({ code })
  })
})
