// What a browser fetches before the first page can paint: index.html, its script, the chunks that
// script imports statically and the stylesheets, gzipped (as a server that compresses would send
// them; serve sends them uncompressed on loopback). Lazily loaded pages and charts are not counted.
// Usage: node scripts/measure-first-load.mjs [out/renderer] [--max-kb N]
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const args = process.argv.slice(2)
const dir = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? 'out/renderer'
const maxIndex = args.indexOf('--max-kb')
const maxKb = maxIndex >= 0 ? Number(args[maxIndex + 1]) : null

const html = readFileSync(join(dir, 'index.html'), 'utf8')
const entry = [...html.matchAll(/<script[^>]*src="\.\/([^"]+)"/g)].map((m) => m[1])
const links = [...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\.\/([^"]+)"/g)].map((m) => m[1])

// Static imports inside the chunks (import"./x.js" or from"./x.js"), not import("./x.js").
const files = new Set([...entry, ...links])
const queue = [...files].filter((f) => f.endsWith('.js'))
while (queue.length > 0) {
  const file = queue.pop()
  const code = readFileSync(join(dir, file), 'utf8')
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) {
    const next = join(file, '..', m[1])
    if (!files.has(next)) {
      files.add(next)
      queue.push(next)
    }
  }
}

const rows = ['index.html', ...files].map((f) => {
  const bytes = readFileSync(join(dir, f))
  return { file: f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
})
const total = rows.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip }), { raw: 0, gzip: 0 })
for (const r of rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(r.raw / 1024).toFixed(1).padStart(8)} KB  ${r.file}`)
console.log(`${(total.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(total.raw / 1024).toFixed(1).padStart(8)} KB  first load`)
if (maxKb !== null && total.gzip / 1024 > maxKb) {
  console.error(`First load ${(total.gzip / 1024).toFixed(1)} KB gzip is over ${maxKb} KB.`)
  process.exit(1)
}
