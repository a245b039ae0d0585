// Writes V8's code cache beside each split file of the built CLI (<file>.v8cache), which
// out/cli/load-split.cjs (src/cli/load-split.ts) hands to V8 when it loads the file.
// A cache holds the compiled code of the functions compiled when it is made. So the short commands
// whose start matters most are first run here, in this process, on inputs of the repository
// (`--help`, `status --from-smi`, `analyze --from`), and their files' caches hold what those runs
// compiled; every other split file gets the cache of its compiled top level only.
// The cache is only good for the Node (V8 version and flags) that builds: another one refuses it and
// compiles the file as require() would.
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { Script } from 'node:vm'

/** Runs whose compiled code goes into the caches (inputs missing from a checkout are skipped). */
const WARM_UP = [
  { argv: ['--help'], inputs: [] },
  { argv: ['status', '--from-smi', 'test/fixtures/h200-x1/smi/q.xml'], inputs: ['test/fixtures/h200-x1/smi/q.xml'] },
  { argv: ['analyze', '--from', 'test/fixtures/public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt'], inputs: ['test/fixtures/public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt'] },
  { argv: ['analyze', '--from', 'test/fixtures/public/E/no-kernel-image-rtx5090d-pytorch-interactive.txt'], inputs: ['test/fixtures/public/E/no-kernel-image-rtx5090d-pytorch-interactive.txt'] },
]

const SPLIT = /^(run-cli|command-[\w-]+|part-[\w-]+|texts-[\w-]+)\.cjs$/

export async function writeCodeCaches(dir) {
  const require = createRequire(import.meta.url)
  const { loadSplit, compiledSplits, codeCacheHeader, wrapCommonJs, BUILD_LINE } = require(resolve(dir, 'load-split.cjs'))
  const splits = readdirSync(dir).filter((n) => SPLIT.test(n))
  // Each file names its build on its last line; its cache starts with the same name.
  for (const name of splits) appendFileSync(join(dir, name), `\n${BUILD_LINE}${createHash('sha256').update(readFileSync(join(dir, name))).digest('base64url').slice(0, 32)}\n`)
  const { runCli } = loadSplit('run-cli.cjs')
  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })
  for (const { argv, inputs } of WARM_UP) {
    if (!inputs.every((input) => existsSync(input))) continue
    const stdout = Object.assign(sink(), { isTTY: false })
    await runCli(argv, { env: { ...process.env, GPU_DOCTOR_LANG: 'en', NO_COLOR: '1' }, stdout, stderr: sink(), signal: new AbortController().signal })
  }
  let bytes = 0
  for (const name of splits) {
    const file = resolve(dir, name)
    const source = readFileSync(file)
    const script = compiledSplits.get(file) ?? new Script(wrapCommonJs(source.toString('utf8')), { filename: file })
    const cache = Buffer.concat([codeCacheHeader(source), script.createCachedData()])
    writeFileSync(join(dir, `${name}.v8cache`), cache)
    bytes += cache.length
  }
  return bytes
}
