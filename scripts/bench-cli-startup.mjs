// `npm run bench:cli-startup`: CPU time of short CLI commands against `node -e 0` (the Node start
// every command pays), run in turn (A B A B …) so that a machine's drift hits both alike.
// CPU time of each finished child comes from this process's /proc/self/stat (cutime + cstime,
// 10 ms ticks), summed over RUNS runs: read the totals, not one run. Linux only.
//   node scripts/bench-cli-startup.mjs [RUNS]     (default 30; builds nothing: npm run build:cli first)
// The single executable is measured too where dist/cli/<os>-<arch>/gpu-doctor exists (npm run dist:cli).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const TICK_MS = 10
const RUNS = Number(process.argv[2] ?? 30)
const CLI = 'out/cli/gpu-doctor.cjs'
const EXE = join('dist', 'cli', `${{ linux: 'linux', darwin: 'mac' }[process.platform] ?? process.platform}-${process.arch}`, 'gpu-doctor')
const SMI = 'test/fixtures/h200-x1/smi/q.xml'
const PASTE = 'test/fixtures/public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt'
const COMMANDS = [
  ['--version', ['--version']],
  ['status --from-smi FILE', ['status', '--from-smi', SMI]],
  ['analyze --from FILE', ['analyze', '--from', PASTE]],
]

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli first`)

function childrenCpuMs() {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS
}

function cpuOf(file, args) {
  const before = childrenCpuMs()
  const r = spawnSync(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GPU_DOCTOR_LANG: 'en' }, timeout: 30_000 })
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return childrenCpuMs() - before
}

const rows = []
for (const [label, args] of COMMANDS) {
  const runs = [[`node ${CLI} ${label}`, process.execPath, [CLI, ...args]]]
  if (existsSync(EXE)) runs.push([`single executable ${label}`, EXE, args])
  for (const [name, file, argv] of runs) {
    let a = 0
    let b = 0
    cpuOf(file, argv) // warm-up: the page cache, not the code
    for (let i = 0; i < RUNS; i++) {
      a += cpuOf(file, argv)
      b += cpuOf(process.execPath, ['-e', '0'])
    }
    rows.push([name, (a / RUNS).toFixed(1), (b / RUNS).toFixed(1), `${(a / b).toFixed(2)}×`])
  }
}
const header = ['command', 'CPU ms', '`node -e 0` CPU ms', 'ratio']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
console.log(`${RUNS} runs each, alternating with node -e 0; Node ${process.version}`)
console.log(line(header))
console.log(line(widths.map((w) => '-'.repeat(w))))
for (const r of rows) console.log(line(r))
