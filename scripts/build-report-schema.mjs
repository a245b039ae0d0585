// Writes resources/report.schema.json from the zod ReportSchema (test/core/domain/report/schema.test.ts
// fails until it is rerun after the report's shape changes).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const dir = mkdtempSync(join(tmpdir(), 'gd-schema-'))
try {
  const outfile = join(dir, 'schema.mjs')
  await build({ entryPoints: ['src/core/domain/report/json-schema.ts'], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' })
  const { reportJsonSchema } = await import(pathToFileURL(outfile).href)
  writeFileSync('resources/report.schema.json', `${JSON.stringify(reportJsonSchema(), null, 2)}\n`)
  console.log('wrote resources/report.schema.json')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
