// `node scripts/regex-audit.mjs [--all] [--json FILE]`: how the time of each regex that reads pasted text grows
// with its input. The regexes are those test/core/domain/rules/linear-time.test.ts holds to linear time: every
// regex literal of the code `analyze` and the live error classifier run (analyze-text.ts, classify-error.ts and
// what they import), the text rules (with those built at run time) and the GPU name patterns of gpus.json. Each is
// run on adversarial inputs built from its own structure (test/helpers/regex-adversary.ts); an input slow at
// 4 KiB is timed again at 16, 64 and 256 KiB while it stays under a second, and the growth exponent of the last
// step is printed (1 linear, 2 quadratic, 3 cubic), worst first. --all prints every regex. Exit 1 when any grows
// with an exponent of 1.5 or more.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const ROOT = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined

// Bundled inside the repository (out/ is ignored) so that its packages (esbuild, typescript) resolve.
const dir = join(ROOT, 'out', `regex-audit-${process.pid}`)
mkdirSync(dir, { recursive: true })
const entry = join(dir, 'entry.ts')
writeFileSync(entry, `export * from ${JSON.stringify(resolve(ROOT, 'test/helpers/rule-regexes.ts'))}\n`)
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: join(dir, 'audit.mjs'), packages: 'external', logLevel: 'error', absWorkingDir: ROOT })
const { ruleRegexes, attackInputs, attackText, timeRegex } = await import(pathToFileURL(join(dir, 'audit.mjs')).href)
rmSync(dir, { recursive: true, force: true })

const SCREEN = 4 * 1024
const STOP_MS = 1000
const regexes = await ruleRegexes(ROOT)
const results = []
for (const { where, re } of regexes) {
  let worst = { exponent: 1, times: [], input: null }
  for (const input of attackInputs(re)) {
    const screen = timeRegex(re, attackText(input, SCREEN))
    if (screen < 0.5) continue
    const times = [screen]
    for (const size of [SCREEN * 4, SCREEN * 16, SCREEN * 64]) {
      // The next size takes 4x (linear) to 64x (cubic) as long: not started when that could pass STOP_MS.
      if (times.at(-1) * 16 > STOP_MS) break
      const text = attackText(input, size)
      times.push(Math.min(timeRegex(re, text), timeRegex(re, text)))
    }
    const [a, b] = times.length >= 2 ? times.slice(-2) : [times[0], times[0]]
    const exponent = b > 2 ? Math.log(b / Math.max(a, 0.001)) / Math.log(4) : 1
    if (exponent > worst.exponent || (worst.input === null && times.at(-1) > 2)) worst = { exponent, times, input }
  }
  results.push({ where, source: re.source, flags: re.flags, ...worst })
}

const show = (s) => JSON.stringify(s.length > 24 ? `${s.slice(0, 24)}…` : s)
results.sort((a, b) => b.exponent - a.exponent)
const slow = results.filter((r) => r.exponent >= 1.5)
for (const r of args.includes('--all') ? results : slow) {
  const sizes = r.times.map((t, i) => `${(SCREEN * 4 ** i) / 1024} KiB ${t.toFixed(1)} ms`).join(', ')
  const input = r.input ? `${show(r.input.prefix)} + ${show(r.input.pump)}×n + ${show(r.input.suffix)}: ${sizes}` : 'fast on every input'
  console.log(`${r.where}  /${r.source}/${r.flags}\n  exponent ${r.exponent.toFixed(1)}: ${input}`)
}
console.log(`${regexes.length} regexes; ${slow.length} grow faster than linearly`)
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2))
process.exitCode = slow.length > 0 ? 1 : 0
