import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

// The UI's first load (index.html, the entry script, its static imports and styles, gzipped): the
// live page only; the other pages, the charts, the Chinese texts and the findings load when needed.
// 119 KB when set; 120.8 KB with the headline's ranking by reach, run options and the export truth texts (2026-12).
describe('renderer first load', () => {
  it.runIf(existsSync(resolve(ROOT, 'out/renderer/index.html')))('is at most 122 KB gzipped (npm run build first)', () => {
    const out = execFileSync(process.execPath, ['scripts/measure-first-load.mjs', 'out/renderer', '--max-kb', '122'], { cwd: ROOT, encoding: 'utf8' })
    const total = Number(/([\d.]+) KB gzip\s+[\d.]+ KB {2}first load/.exec(out)?.[1])
    expect(total).toBeGreaterThan(50)
    expect(total).toBeLessThanOrEqual(122)
  })
})
