import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkOutputTarget, OutputFileError, produceOutputFile, verifyPdf, writeOutputFile } from '../../../../src/core/platform/files/write-output'

const folder = () => mkdtempSync(join(tmpdir(), 'gd-write-'))
const problemOf = (promise: Promise<unknown>) => promise.then(() => 'written', (e: unknown) => (e instanceof OutputFileError ? e.problem : String(e)))

describe('writing a document: whole or not at all', () => {
  it('writes the document and leaves only it in the folder', async () => {
    const dir = folder()
    await writeOutputFile(join(dir, 'r.md'), '# report\n')
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toBe('# report\n')
    expect(readdirSync(dir)).toEqual(['r.md'])
  })

  it('keeps the old file when the new one fails its check, and removes the temporary file', async () => {
    const dir = folder()
    const path = join(dir, 'r.pdf')
    writeFileSync(path, '%PDF-1.7 old')
    expect(await problemOf(produceOutputFile(path, async (file) => writeFileSync(file, '<html>'), verifyPdf))).toBe('not-written')
    expect(await problemOf(produceOutputFile(path, async () => undefined, verifyPdf))).toBe('not-written')
    expect(await problemOf(produceOutputFile(path, async (file) => writeFileSync(file, ''), verifyPdf))).toBe('not-written')
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 old')
    expect(readdirSync(dir)).toEqual(['r.pdf'])
  })

  it('names what is wrong with the target before any work, and the same when writing', async () => {
    const dir = folder()
    for (const [path, problem] of [
      [dir, 'is-directory'],
      [join(dir, 'missing', 'r.md'), 'missing-folder'],
      ['/proc/gd-report.md', 'not-writable'],
    ] as const) {
      expect(await problemOf(checkOutputTarget(path))).toBe(problem)
      expect(await problemOf(writeOutputFile(path, 'x'))).toBe(problem)
    }
    expect(await problemOf(checkOutputTarget(join(dir, 'new.md')))).toBe('written')
    expect(readdirSync(dir)).toEqual([])
  })

  it('writes a device as it is (never replaces /dev/full by a file) and reports its failure', async () => {
    expect(await problemOf(checkOutputTarget('/dev/full'))).toBe('written')
    expect(await problemOf(writeOutputFile('/dev/full', 'x'))).toBe('write-failed')
    expect(await problemOf(writeOutputFile('/dev/null', 'x'))).toBe('written')
  })

  it('is a typed error for the app and serve (IPC code not-written, with the problem)', async () => {
    const error = await writeOutputFile('/dev/full', 'x').catch((e: unknown) => e as OutputFileError)
    expect(error).toMatchObject({ code: 'not-written', details: { problem: 'write-failed', path: '/dev/full' } })
  })
})
