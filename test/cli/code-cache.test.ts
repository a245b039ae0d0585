import { execFileSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../helpers/cli'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))
const SMI = fixture('h200-x1/smi/q.xml')
const PASTE = fixture('public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt')
const env = { PATH: process.env.PATH, GPU_DOCTOR_LANG: 'en' }

const copies: string[] = []
/** A copy of the built CLI folder, to damage. */
function copyOfCli(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gd-code-cache-'))
  copies.push(dir)
  cpSync(dirname(CLI), dir, { recursive: true })
  return dir
}
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true })
})

async function outputs(cli: string) {
  const status = await runBuiltCli(['status', '--from-smi', SMI], env, { cli })
  const analyze = await runBuiltCli(['analyze', '--from', PASTE, '--json'], env, { cli })
  return { status, analyze }
}

describe('the built CLI with its V8 code caches', () => {
  it('the Node that built them uses them (none is refused)', () => {
    const script = `const l = require(${JSON.stringify(join(dirname(CLI), 'load-split.cjs'))})
      for (const f of ['run-cli.cjs', 'command-status.cjs', 'command-analyze.cjs']) l.loadSplit(f)
      console.log(JSON.stringify([...l.compiledSplits].map(([f, s]) => [f.split('/').pop(), s.cachedDataRejected])))`
    expect(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 15_000 }))).toEqual([
      ['run-cli.cjs', false],
      ['command-status.cjs', false],
      ['command-analyze.cjs', false],
    ])
  })

  it('prints the same with caches missing, made for another file, damaged, or older than an edited file', async () => {
    const reference = await outputs(CLI)
    expect(reference.status.code).toBe(0)
    expect(reference.status.stdout).toContain('NVIDIA H200')
    // The paste's cause is an error: analyze exits 1.
    expect(reference.analyze.code).toBe(1)
    expect(JSON.parse(reference.analyze.stdout).findings[0].id).toBe('cpu-only-torch-build')

    const missing = copyOfCli()
    for (const f of ['run-cli.cjs', 'command-status.cjs', 'command-analyze.cjs']) rmSync(join(missing, `${f}.v8cache`))
    const another = copyOfCli()
    for (const f of ['run-cli.cjs', 'command-status.cjs']) cpSync(join(another, 'command-serve.cjs.v8cache'), join(another, `${f}.v8cache`))
    const damaged = copyOfCli()
    for (const f of ['run-cli.cjs', 'command-status.cjs', 'command-analyze.cjs']) {
      const cache = readFileSync(join(damaged, `${f}.v8cache`))
      const header = cache.indexOf(10) + 1
      writeFileSync(join(damaged, `${f}.v8cache`), Buffer.concat([cache.subarray(0, header), Buffer.alloc(cache.length - header, 0x5a)]))
    }
    const edited = copyOfCli()
    appendFileSync(join(edited, 'command-status.cjs'), '\n')
    appendFileSync(join(edited, 'run-cli.cjs'), '\n')
    for (const dir of [missing, another, damaged, edited]) {
      const run = await outputs(join(dir, 'gpu-doctor.cjs'))
      expect(run.status, dir).toEqual(reference.status)
      expect(run.analyze, dir).toEqual(reference.analyze)
    }
  }, 60_000)
})
