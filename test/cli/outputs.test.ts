import { spawn } from 'node:child_process'
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { CLI, runBuiltCli } from '../helpers/cli'

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url))
const REPORT = fixture('reports/diagnose.json')
const SMI_XML = fixture('h200-x1/smi/q.xml')
const root = mkdtempSync(join(tmpdir(), 'gd-outputs-'))
const env = { ...process.env, GPU_DOCTOR_DATA_DIR: join(root, 'data'), LANG: 'C' }

/** The built CLI with its stdout on `stdoutFile` (/dev/full: every write fails with ENOSPC). */
function runWithStdout(args: string[], stdoutFile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const fd = openSync(stdoutFile, 'w')
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', fd, 'pipe'] })
    closeSync(fd)
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} hung`)), 30_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

function file(name: string, content: string | Buffer): string {
  const path = join(root, name)
  writeFileSync(path, content)
  return path
}

const oneLine = (stderr: string) => stderr.trimEnd().split('\n')

describe('exit codes follow the README: a document that cannot be written is an environment error (3)', () => {
  const folder = mkdtempSync(join(root, 'out-'))
  it.each([
    ['/dev/full', /nothing written to \/dev\/full: the write failed \(ENOSPC/],
    [folder, /: it is a folder/],
    [join(root, 'no-such-folder', 'report.md'), /: the folder does not exist/],
    ['/proc/gpu-doctor-report.md', /no permission to write there/],
  ])('report -o %s: exit 3, one line, said before anything else', async (output, says) => {
    const run = await runBuiltCli(['report', '--from', REPORT, '-o', output], env, { timeoutMs: 30_000 })
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr)).toHaveLength(1)
    expect(run.stderr).toMatch(says)
    expect(run.stderr).not.toMatch(/Masked|Wrote/)
    expect(run.stdout).toBe('')
  })

  it.each(['md', 'html', 'json'])('report --format %s -o FILE replaces the file only when the whole document is written, then says so', async (format) => {
    const target = file(`kept.${format}`, 'old')
    const run = await runBuiltCli(['report', '--from', REPORT, '--format', format, '-o', target], env, { timeoutMs: 30_000 })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(`Wrote ${target}`)
    expect(readFileSync(target, 'utf8').length).toBeGreaterThan(1000)
    expect(readdirSync(root).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('report --format pdf: a Chromium that exits 0 without printing is not "Wrote": exit 3, the old file stays, no temporary file left', async () => {
    const chromium = file('fake-chromium', '#!/bin/sh\nexit 0\n')
    chmodSync(chromium, 0o755)
    const target = file('kept.pdf', 'old pdf')
    const run = await runBuiltCli(['report', '--from', REPORT, '--format', 'pdf', '-o', target], { ...env, GPU_DOCTOR_CHROMIUM: chromium }, { timeoutMs: 30_000 })
    expect(run.code).toBe(3)
    expect(run.stderr).not.toMatch(/Wrote/)
    expect(readFileSync(target, 'utf8')).toBe('old pdf')
    expect(readdirSync(root).filter((f) => f.includes('kept.pdf.'))).toEqual([])
  })

  it('report --format pdf: a Chromium that prints something other than a PDF is refused the same way', async () => {
    const chromium = file('fake-chromium-html', '#!/bin/sh\nfor a; do case "$a" in --print-to-pdf=*) echo "<html>not a pdf</html>" > "${a#--print-to-pdf=}";; esac; done\n')
    chmodSync(chromium, 0o755)
    const target = file('kept2.pdf', 'old pdf')
    const run = await runBuiltCli(['report', '--from', REPORT, '--format', 'pdf', '-o', target], { ...env, GPU_DOCTOR_CHROMIUM: chromium }, { timeoutMs: 30_000 })
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/not a complete document \(the file is not a PDF\)/)
    expect(readFileSync(target, 'utf8')).toBe('old pdf')
  })

  it('report --format pdf -o a folder: exit 3 before Chromium runs', async () => {
    const run = await runBuiltCli(['report', '--from', REPORT, '--format', 'pdf', '-o', folder], env, { timeoutMs: 30_000 })
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr)).toEqual([`gpu-doctor: nothing written to ${folder}: it is a folder`])
  })
})

describe('a failed write to stdout is exit 3 with one line on stderr, for every command', () => {
  it.each([
    ['report --format json', ['report', '--from', REPORT, '--format', 'json']],
    ['report (md)', ['report', '--from', REPORT]],
    ['status --from-smi', ['status', '--from-smi', SMI_XML]],
    ['status --json --from-smi', ['status', '--json', '--from-smi', SMI_XML]],
    ['analyze', ['analyze', '--from', SMI_XML]],
    ['recommend', ['recommend', '--gpu', 'H100', '--driver', '580.65.06']],
    ['recommend --json', ['recommend', '--json', '--gpu', 'H100']],
    ['health --from-smi', ['health', '--from-smi', SMI_XML, '--kernel-log', '/dev/null']],
    ['--version', ['--version']],
    ['--help', ['--help']],
  ])('%s > /dev/full', async (_name, args) => {
    const run = await runWithStdout(args, '/dev/full')
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr).at(-1)).toMatch(/could not write to standard output \(ENOSPC\)/)
    expect(run.stderr).not.toMatch(/Masked/)
  })

  it('the same commands exit 0 when stdout takes the output (/dev/null)', async () => {
    expect((await runWithStdout(['report', '--from', REPORT, '--format', 'json'], '/dev/null')).code).toBe(0)
    expect((await runWithStdout(['status', '--from-smi', SMI_XML], '/dev/null')).code).toBe(0)
  })
})

describe('empty, binary, oversized and malformed inputs: exit 2 saying what is wrong', () => {
  const empty = file('empty.txt', '')
  const blank = file('blank.txt', ' \n\t\n')
  const binary = file('binary.bin', Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256)))
  it.each([
    ['analyze --from', (f: string) => ['analyze', '--from', f]],
    ['status --from-smi', (f: string) => ['status', '--from-smi', f]],
    ['health --from-smi', (f: string) => ['health', '--from-smi', f]],
    ['report --from', (f: string) => ['report', '--from', f]],
    ['recommend --from-smi', (f: string) => ['recommend', '--from-smi', f]],
  ])('%s an empty, a blank and a binary file', async (_name, args) => {
    for (const [input, says] of [
      [empty, 'the input is empty'],
      [blank, 'the input is empty'],
      [binary, 'the input is not text (binary)'],
      ['/dev/urandom', 'the input is not text (binary)'],
    ] as const) {
      const run = await runBuiltCli(args(input), env, { timeoutMs: 20_000 })
      expect(run.code, `${input}: ${run.stderr}`).toBe(2)
      expect(oneLine(run.stderr)).toHaveLength(1)
      expect(run.stderr).toContain(`${input}: ${says}`)
    }
  })

  it('analyze --from an 8 MiB + 1 byte text: refused at the documented maximum without reading on', async () => {
    const big = file('big.log', Buffer.alloc(8 * 1024 * 1024 + 1, 'x'))
    const run = await runBuiltCli(['analyze', '--from', big], env, { timeoutMs: 20_000 })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('the input is larger than the 8 MiB accepted')
  })

  it('analyze reads stdin with the same limits ("-")', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'analyze', '--from', '-'], { env, stdio: ['pipe', 'ignore', 'pipe'] })
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.on('close', (code) => resolve({ code, stderr }))
      child.stdin.end('')
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('-: the input is empty')
  })

  it('report --from 4 MiB of wrong list entries: refused for its size before the schema check, within a 200 MB heap', async () => {
    const diagnosis = JSON.parse(readFileSync(REPORT, 'utf8')) as { diagnosis?: { steps: Array<{ findings: unknown }> }; steps?: Array<{ findings: unknown }> }
    const steps = (diagnosis.diagnosis ?? diagnosis).steps!
    // 2 million entries, each a problem of its own: the check once collected all (1.3 GB, 5.5 s).
    steps[0]!.findings = JSON.parse(`[${'0,'.repeat(2_000_000)}0]`)
    const run = await runBuiltCli(['report', '--from', file('wide.json', JSON.stringify(diagnosis))], { ...env, NODE_OPTIONS: '--max-old-space-size=200' }, { timeoutMs: 30_000 })
    expect(run.code, run.stderr).toBe(2)
    expect(run.stderr).toMatch(/not a valid GPU Doctor (diagnosis|report) \(more than 50,000 values\)/)
  })

  it('report --from a diagnosis with 2,000-deep evidence: not a valid diagnosis (nested too deep), no stack overflow', async () => {
    const diagnosis = JSON.parse(readFileSync(REPORT, 'utf8')) as { diagnosis?: { steps: Array<{ evidence: unknown }> }; steps?: Array<{ evidence: unknown }> }
    const steps = (diagnosis.diagnosis ?? diagnosis).steps!
    steps[0]!.evidence = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)
    const run = await runBuiltCli(['report', '--from', file('deep.json', JSON.stringify(diagnosis))], env, { timeoutMs: 20_000 })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/not a valid GPU Doctor (diagnosis|report) \(nested too deep\)/)
    expect(run.stderr).not.toMatch(/call stack/)
  })

  it('status --from-smi an XML that declares its own DOCTYPE: "a DOCTYPE is not accepted", not "lists no GPU"', async () => {
    const xml = readFileSync(SMI_XML, 'utf8').replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE nvidia_smi_log [<!ENTITY name "NVIDIA H200">]>')
    const run = await runBuiltCli(['status', '--from-smi', file('doctype.xml', xml)], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('A DOCTYPE is not accepted')
    expect(run.stderr).not.toContain('lists no GPU')
  })
})

describe('the terminal gets no escape sequences from input, and no 10,000-character echo', () => {
  it('analyze and status --from-smi strip title, clear-screen and colour sequences from what they print', async () => {
    const hostile = '\x1b]0;pwned\x07\x1b[2J\x1b[31mred\x1b[0m\x9b31m\u202e'
    const log = file('escape.log', `RuntimeError: CUDA error: no kernel image is available for execution on the device ${hostile}\n`)
    const xml = file('escape.xml', readFileSync(SMI_XML, 'utf8').replace('<product_name>NVIDIA H200</product_name>', `<product_name>NVIDIA H200 ${hostile}</product_name>`))
    for (const args of [['analyze', '--from', log], ['status', '--from-smi', xml], ['status', '--json', '--from-smi', xml]]) {
      const run = await runBuiltCli(args, env)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/red/)
      expect(run.stdout).not.toMatch(/[\u001b\u0007\u009b\u202e]/) // eslint-disable-line no-control-regex
    }
  })

  it('recommend --gpu with 10,000 characters echoes at most 200 of them', async () => {
    const run = await runBuiltCli(['recommend', '--gpu', 'X'.repeat(10_000)], env)
    expect(run.code).toBe(2)
    expect(run.stderr.length).toBeLessThan(600)
  })
})

describe('usage errors of every command: exit 2 with one line', () => {
  it.each([
    [['frobnicate']],
    [['status', '--bogus']],
    [['monitor', '--interval', '5']],
    [['analyze']],
    [['analyze', '--from', '/nonexistent/file']],
    [['report', '--format', 'docx']],
    [['report', '--compare', 'only-one.json']],
    [['report', '--from', '/nonexistent/report.json']],
    [['recommend', '--cc', 'abc']],
    [['serve', '--port', '70000']],
    [['diagnose', '--python', '/nonexistent/python3']],
    [['status', '--lang', 'fr']],
  ])('gpu-doctor %j', async (args) => {
    const run = await runBuiltCli(args, env, { timeoutMs: 20_000 })
    expect(run.code, run.stderr).toBe(2)
    expect(oneLine(run.stderr)).toHaveLength(1)
  })
})

it('leaves no temporary file in any folder it wrote to', () => {
  mkdirSync(root, { recursive: true })
  expect(readdirSync(root).filter((f) => f.endsWith('.tmp'))).toEqual([])
  expect(existsSync('/proc/gpu-doctor-report.md')).toBe(false)
})
