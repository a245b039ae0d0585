// `node scripts/measure-input-bounds.mjs`: time and peak memory (max RSS) of the built CLI on the
// inputs that once cost too much (an 86 MB log, a 50 MB GPU name, /dev/urandom, 2,000-deep
// evidence) and on the largest input each kind accepts, so that no input costs more than ~300 MB.
// MEASURE_CLI=path measures another build (e.g. one from before the limits); MEASURE_JSON=FILE
// also writes the figures as JSON. Needs `npm run build:cli` first.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, process.env.MEASURE_CLI ?? 'out/cli/gpu-doctor.cjs')
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli first`)
const MIB = 1024 * 1024
const TIMEOUT_S = Number(process.env.MEASURE_TIMEOUT_S ?? 60)
const dir = mkdtempSync(join(tmpdir(), 'gd-bounds-'))
const fixture = (path) => readFileSync(join(ROOT, 'test/fixtures', path), 'utf8')

/** `text` repeated to exactly `bytes` (ASCII fixtures, so characters are bytes). */
const sized = (text, bytes) => text.repeat(Math.ceil(bytes / text.length)).slice(0, bytes)

function write(name, content) {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

/** Writes maxRSS (KiB) to a file when the CLI exits: exact, where polling /proc would miss the peak. */
const PRELOAD = write('max-rss.cjs', "process.on('exit', () => require('fs').writeFileSync(process.env.MAX_RSS_FILE, String(process.resourceUsage().maxRSS)))\n")

function run(args) {
  const rssFile = join(dir, 'rss')
  rmSync(rssFile, { force: true })
  return new Promise((resolveRun) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, ['-r', PRELOAD, CLI, ...args], {
      env: { ...process.env, MAX_RSS_FILE: rssFile, GPU_DOCTOR_DATA_DIR: join(dir, 'data'), LANG: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    let peakAtKill = null
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-400)))
    // /dev/urandom never ends: a build without limits would read it until memory runs out.
    const timer = setTimeout(() => {
      peakAtKill = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024
      child.kill('SIGKILL')
    }, TIMEOUT_S * 1000)
    child.on('close', (code) => {
      clearTimeout(timer)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const rssMiB = peakAtKill ?? (existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : null)
      const said = peakAtKill === null ? (stderr.trim().split('\n').at(-1)?.slice(0, 160) ?? '') : `killed after ${TIMEOUT_S} s`
      resolveRun({ code: peakAtKill === null ? code : 'killed', seconds, rssMiB, said })
    })
  })
}

const log = fixture('public/E/devicequery-cuda-driver-insufficient-for-runtime.txt')
const xml = fixture('h200-x1/smi/q.xml')
const gpuXml = xml.slice(xml.indexOf('<gpu '), xml.lastIndexOf('</gpu>') + 6)
/** An -q -x with as many GPUs as fit in `bytes`: the largest nvidia-smi capture accepted. */
const bigXml = (bytes) => {
  const head = xml.slice(0, xml.indexOf('<gpu '))
  const count = Math.floor((bytes - head.length - 40) / (gpuXml.length + 1))
  return `${head}${`${gpuXml}\n`.repeat(count)}</nvidia_smi_log>\n`
}
const diagnosis = JSON.parse(fixture('reports/diagnose.json'))
const withGpuName = (name) => {
  const copy = structuredClone(diagnosis)
  copy.environment.gpus = (copy.environment.gpus ?? [{}]).map((g) => ({ ...g, name }))
  if (copy.steps[0].evidence?.gpus) copy.steps[0].evidence.gpus = copy.steps[0].evidence.gpus.map((g) => ({ ...g, name }))
  return JSON.stringify(copy)
}
const deep = () => {
  const copy = structuredClone(diagnosis)
  copy.steps[0].evidence = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)
  return JSON.stringify(copy)
}
/** A valid diagnosis of `bytes`: findings with 200 KiB of evidence each (the string limit is 256 KiB). */
const bigDiagnosis = (bytes) => {
  const copy = structuredClone(diagnosis)
  const finding = { id: 'cudnn-disabled', severity: 'info', message: 'm', fix: 'f', evidence: 'e'.repeat(200 * 1024), params: {} }
  copy.steps[1].findings = Array.from({ length: Math.floor(bytes / (201 * 1024)) }, () => finding)
  return JSON.stringify(copy)
}

const CASES = [
  ['analyze --from an 86 MB log', () => ['analyze', '--from', write('86mb.log', sized(log, 86 * 1000 * 1000))]],
  ['analyze --from 8 MiB (the largest accepted)', () => ['analyze', '--from', write('8mib.log', sized(log, 8 * MIB))]],
  ['status --from-smi an 86 MB text', () => ['status', '--from-smi', write('86mb.txt', sized(log, 86 * 1000 * 1000))]],
  ['status --from-smi a 4 MiB -q -x (the largest accepted)', () => ['status', '--from-smi', write('4mib.xml', bigXml(4 * MIB))]],
  ['status --from-smi /dev/urandom', () => ['status', '--from-smi', '/dev/urandom']],
  ['report --from a 50 MB GPU name', () => ['report', '--from', write('50mb-name.json', withGpuName('N'.repeat(50 * 1000 * 1000)))]],
  ['report --from 4 MiB (the largest accepted, valid)', () => ['report', '--from', write('4mib.json', bigDiagnosis(4 * MIB - 300 * 1024))]],
  ['report --from 2,000-deep evidence', () => ['report', '--from', write('deep.json', deep())]],
]

const results = []
for (const [name, args] of CASES) {
  const r = await run(args())
  results.push({ name, ...r })
  console.log(`${name.padEnd(56)} exit ${String(r.code).padEnd(6)} ${r.seconds.toFixed(2).padStart(6)} s ${r.rssMiB === null ? '     ?' : r.rssMiB.toFixed(0).padStart(6)} MiB  ${r.said}`)
}
if (process.env.MEASURE_JSON) writeFileSync(process.env.MEASURE_JSON, `${JSON.stringify({ cli: CLI, node: process.version, results }, null, 2)}\n`)
rmSync(dir, { recursive: true, force: true })
