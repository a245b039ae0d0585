// Writes docs/findings.md from the finding catalog (test/core/domain/findings/findings-reference.test.ts
// fails until it is rerun after a finding's text changes).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const dir = mkdtempSync(join(tmpdir(), 'gd-findings-'))
try {
  const outfile = join(dir, 'findings.mjs')
  await build({ entryPoints: ['src/core/domain/findings/findings-reference.ts'], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' })
  const { renderFindingsReference } = await import(pathToFileURL(outfile).href)
  writeFileSync('docs/findings.md', renderFindingsReference())
  console.log('wrote docs/findings.md')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
