import { readdirSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

// One layout for every test: under test/, mirroring src/ (src/core/domain/watch/watch.ts is tested in
// test/core/domain/watch/, src/renderer/app/page.ts in test/renderer/app/). Vitest looks for tests only
// there, so one left in src/ would silently never run.
const SRC = join(import.meta.dirname, '../../src')

describe('the test layout', () => {
  it('src/ holds no tests and no test helpers', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    expect(files.filter((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f) || /(^|[/\\])test-support([/\\]|$)/.test(f))).toEqual([])
  })
})
