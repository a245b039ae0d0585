import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

const REPORT = fileURLToPath(new URL('../fixtures/reports/diagnose.json', import.meta.url))

describe('report -o FILE cleans what came from the machine as stdout does (issue 26)', () => {
  it('an OSC title, a colour and U+202E in a finding: none reaches FILE.md or FILE.html; FILE.json keeps the text with U+202E escaped', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gd-report-clean-'))
    const planted = join(root, 'planted.json')
    const text = readFileSync(REPORT, 'utf8')
    expect(text).toContain('"evidence": "0x0000000000000004')
    writeFileSync(planted, text.replace('"evidence": "0x0000000000000004', '"evidence": "\\u001b]0;pwned\\u0007\\u001b[31mRED\\u202eevil.exe 0x0000000000000004'))
    const env = { ...process.env, GPU_DOCTOR_DATA_DIR: join(root, 'data'), LANG: 'C' }
    for (const format of ['md', 'html']) {
      const out = join(root, `out.${format}`)
      const r = await runBuiltCli(['report', '--from', planted, '--format', format, '-o', out], env, { timeoutMs: 30_000 })
      expect(r.code, r.stderr).toBe(0)
      const doc = readFileSync(out, 'utf8')
      expect(doc, format).toContain('REDevil.exe')
      for (const c of ['\x1b', '\x07', '\u202e']) expect(doc.includes(c), `${format} ${c.charCodeAt(0)}`).toBe(false)
    }
    const json = join(root, 'out.json')
    expect((await runBuiltCli(['report', '--from', planted, '--format', 'json', '-o', json], env, { timeoutMs: 30_000 })).code).toBe(0)
    const raw = readFileSync(json, 'utf8')
    for (const c of ['\x1b', '\u202e']) expect(raw.includes(c)).toBe(false)
    expect(raw).toContain('\\u202eevil.exe')
    expect(JSON.stringify(JSON.parse(raw))).toContain('\u202eevil.exe')
  })
})
