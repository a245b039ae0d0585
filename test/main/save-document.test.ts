import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createSaveDocument } from '../../src/main/save-document'

describe('saving a report from the app', () => {
  it('writes where the user chose in the dialog, and PDF goes through printToPDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-save-'))
    const printed: string[] = []
    const save = createSaveDocument({
      showSaveDialog: async (o) => ({ canceled: false, filePath: join(dir, String(o.defaultPath)) }),
      printHtmlToPdf: async (html) => {
        printed.push(html)
        return Buffer.from('%PDF-1.7 fake')
      },
    })
    const md = await save({ format: 'md', text: '# Report', suggestedName: 'r.md' })
    expect(md).toEqual({ saved: true, path: join(dir, 'r.md') })
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toBe('# Report')
    const pdf = await save({ format: 'pdf', text: '<html>report</html>', suggestedName: 'r.pdf' })
    expect(pdf.saved).toBe(true)
    expect(printed).toEqual(['<html>report</html>'])
    expect(readFileSync(join(dir, 'r.pdf'), 'utf8')).toMatch(/^%PDF/)
  })

  it('a PDF that is not one, or a folder that is gone, is an error (not-written) and the old file stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-save-'))
    writeFileSync(join(dir, 'r.pdf'), '%PDF-1.7 old')
    const save = (name: string, pdf: Buffer) =>
      createSaveDocument({ showSaveDialog: async () => ({ canceled: false, filePath: join(dir, name) }), printHtmlToPdf: async () => pdf })
    const broken = await save('r.pdf', Buffer.from(''))({ format: 'pdf', text: '<html>', suggestedName: 'r.pdf' }).catch((e: unknown) => e)
    expect(broken).toMatchObject({ code: 'not-written', details: { problem: 'not-written' } })
    expect(readFileSync(join(dir, 'r.pdf'), 'utf8')).toBe('%PDF-1.7 old')
    const gone = await save(join('gone', 'r.md'), Buffer.from(''))({ format: 'md', text: '# r', suggestedName: 'r.md' }).catch((e: unknown) => e)
    expect(gone).toMatchObject({ code: 'not-written', details: { problem: 'missing-folder' } })
    expect(readdirSync(dir)).toEqual(['r.pdf'])
  })

  it('writes nothing when the dialog is cancelled', async () => {
    const save = createSaveDocument({
      showSaveDialog: async () => ({ canceled: true }),
      printHtmlToPdf: async () => {
        throw new Error('must not print')
      },
    })
    expect(await save({ format: 'pdf', text: 'x', suggestedName: 'r.pdf' })).toEqual({ saved: false, path: null })
  })
})
