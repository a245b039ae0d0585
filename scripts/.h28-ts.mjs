import { build } from 'esbuild'
const r = await build({ stdin: { contents: process.argv[2], resolveDir: process.cwd(), loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', write: false, metafile: true, minifyWhitespace: true, logLevel: 'error' })
console.log(r.outputFiles[0].text.length, /findingsZh|TITLE_ZH|\\u9a71/.test(r.outputFiles[0].text))
