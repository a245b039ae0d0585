import { build } from 'esbuild'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
const r = await build({ stdin: { contents: "export { findingsEn, findingsZh } from './src/shared/i18n/findings'", resolveDir: process.cwd(), loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', write: false, minifyWhitespace: true, logLevel: 'error' })
writeFileSync('/tmp/h28/lit-both.cjs', r.outputFiles[0].text)
const m = createRequire(import.meta.url)('/tmp/h28/lit-both.cjs')
const esc = (s) => s.replace(/[^\x00-\x7f]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
writeFileSync('/tmp/h28/json-both.cjs', esc(`exports.findingsEn=JSON.parse(${JSON.stringify(JSON.stringify(m.findingsEn))});exports.findingsZh=JSON.parse(${JSON.stringify(JSON.stringify(m.findingsZh))})`))
writeFileSync('/tmp/h28/json-en.cjs', esc(`exports.findingsEn=JSON.parse(${JSON.stringify(JSON.stringify(m.findingsEn))})`))
const lit = (o) => '{' + Object.entries(o).map(([k, v]) => JSON.stringify(k) + ':' + JSON.stringify(v)).join(',') + '}'
writeFileSync('/tmp/h28/lit-en.cjs', esc(`exports.findingsEn=${lit(m.findingsEn)}`))
writeFileSync('/tmp/h28/lit-both2.cjs', esc(`exports.findingsEn=${lit(m.findingsEn)};exports.findingsZh=${lit(m.findingsZh)}`))
