import { build } from 'esbuild'
const entry = process.argv[2]
const r = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', write: false, metafile: true, minifyWhitespace: true, external: ['cpu-features', '*.node', 'electron', 'koffi'], logLevel: 'error', define: { __GPU_DOCTOR_VERSION__: '"x"' }, supported: { 'dynamic-import': false },
  plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /^\.\/(status-live|shared-texts|run-cli|commands\/.*|load-split\.cjs)$/ }, (a) => a.importer.endsWith(entry.replace(/^\.\//,'')) && a.path.includes('commands/'+entry.split('/').pop().replace('.ts','')) ? undefined : ({ path: a.path, external: true })) } }] })
const out = Object.values(r.metafile.outputs)[0]
const rows = Object.entries(out.inputs).map(([k, v]) => [v.bytesInOutput, k]).sort((a, b) => b[0] - a[0])
let total = 0; for (const [b] of rows) total += b
console.log('total', total)
for (const [b, k] of rows.slice(0, Number(process.argv[3] ?? 40))) console.log(String(b).padStart(8), k)
