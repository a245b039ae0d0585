import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import Ajv2020 from 'ajv/dist/2020'
import { beforeAll, describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { pythonWithoutTorch, TORCH_PYTHON } from '../helpers/pythons'

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/reports/${name}.json`, import.meta.url))
const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../resources/report.schema.json', import.meta.url)), 'utf8')) as object
// The GPU that the fake nvidia-smi replays (test/fixtures/h200-x1).
const FAKE_SMI_UUID = '96e2900a-5566-8089-5bf7-2a840ab1ea60'

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The host name as a word: a short name such as "vm" is also part of "nvml". */
const hostWord = new RegExp(`(?<![A-Za-z0-9_.-])${escapeRe(hostname())}(?![A-Za-z0-9_-])`)

function sandbox() {
  const root = mkdtempSync(join(tmpdir(), 'gd-cli-report-'))
  const home = join(root, 'home', 'gd-tester')
  mkdirSync(join(home, 'venv', 'bin'), { recursive: true })
  // A venv-style symlink: Python reports it as sys.executable, so the report carries a home path.
  const python = join(home, 'venv', 'bin', 'python3')
  symlinkSync(TORCH_PYTHON, python)
  const env = fakeSmiEnv('h200-x1', { HOME: home, GPU_DOCTOR_DATA_DIR: join(root, 'data') })
  return { root, home, python, env }
}

describe('gpu-doctor report on this machine', () => {
  const box = sandbox()
  const outputs: Record<string, string> = {}

  beforeAll(async () => {
    const md = await runBuiltCli(['report', '--python', box.python], box.env, { timeoutMs: 90_000 })
    expect(md.code, md.stderr).toBe(0)
    outputs.md = md.stdout
    expect(md.stderr).toMatch(/Saved to history: \S+/)
    expect(md.stderr).toMatch(/Masked \d+ private values \(.*host.*\)/)
    const html = await runBuiltCli(['report', '--latest', '--format', 'html'], box.env, { timeoutMs: 30_000 })
    const json = await runBuiltCli(['report', '--latest', '--format', 'json', '--redact'], box.env, { timeoutMs: 30_000 })
    const raw = await runBuiltCli(['report', '--latest', '--format', 'json'], box.env, { timeoutMs: 30_000 })
    outputs.html = html.stdout
    outputs.json = json.stdout
    outputs.raw = raw.stdout
  }, 150_000)

  it('ran a real diagnosis and reports the six steps', () => {
    expect(outputs.md).toMatch(/\| 1\. GPU visible to PyTorch \| \*\*FAIL\*\* \|/)
    expect(outputs.md).toContain('cpu-only-torch-build')
    expect(outputs.html).toContain('5. Conv2d timing, cuDNN on vs off')
    expect(JSON.parse(outputs.json!).diagnosis.steps).toHaveLength(6)
  })

  it.each(['md', 'html', 'json'])('the redacted %s has no host name, GPU UUID or home path of this machine', (format) => {
    const text = outputs[format]!
    expect(text).not.toMatch(hostWord)
    expect(text.toLowerCase()).not.toContain(FAKE_SMI_UUID)
    expect(text).not.toContain(box.home)
    expect(text).not.toContain('gd-tester')
    expect(text).toMatch(/GPU-(&lt;|<)uuid-1(&gt;|>)/)
    expect(text).toMatch(/(&lt;|<)home-1(&gt;|>)\/venv\/bin\/python3/)
  })

  it('keeps everything in JSON unless --redact is given, and the JSON follows the published schema', () => {
    const raw = JSON.parse(outputs.raw!)
    expect(raw.redacted).toBe(false)
    // --latest reports a saved run: this machine's host name is what was read now, not the run's.
    expect(raw.host).toBeNull()
    expect(raw.readNow.host.hostname).toBe(hostname())
    expect(raw.facts.python).toBe(box.python)
    const validate = new Ajv2020({ allowUnionTypes: true }).compile(schema)
    expect(validate(raw), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
    expect(validate(JSON.parse(outputs.json!))).toBe(true)
  })
})

describe('gpu-doctor report from files', () => {
  const env = () => fakeSmiEnv('h200-x1', { GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gd-data-')) })

  it('writes a report of a saved diagnosis to -o FILE, in Chinese with --lang zh-CN', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gd-out-')), 'report.md')
    const r = await runBuiltCli(['report', '--from', fixture('diagnose-disable-cudnn'), '-o', out, '--lang', 'zh-CN'], env(), { timeoutMs: 30_000 })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain(`已写入 ${out}`)
    const md = readFileSync(out, 'utf8')
    expect(md).toContain('| 2. cuDNN 已加载 | **失败** |')
    expect(md).toContain('| 5. Conv2d 计时：cuDNN 开 vs 关 | **失败** |')
  })

  it('compares two diagnoses: what changed and timings as ratios', async () => {
    const r = await runBuiltCli(['report', '--compare', fixture('diagnose'), fixture('diagnose-disable-cudnn')], env(), { timeoutMs: 30_000 })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('| 2. cuDNN loaded | PASS | FAIL | changed |')
    expect(r.stdout).toMatch(/Conv2d representative, cuDNN speed-up \| 5\.89× \| 1\.00× \| 0\.17× \(worse\)/)
    const json = await runBuiltCli(['report', '--compare', fixture('diagnose'), fixture('diagnose-cudnn-shadow'), '--format', 'json'], env(), { timeoutMs: 30_000 })
    expect(JSON.parse(json.stdout).steps[1]).toEqual({ id: 'cudnn-loaded', a: 'pass', b: 'fail', changed: true })
    const bad = await runBuiltCli(['report', '--compare', fixture('diagnose')], env())
    expect(bad.code).toBe(2)
  })

  it('merges JSON reports of a fleet and flags the node with another cuDNN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-fleet-'))
    const one = await runBuiltCli(['report', '--from', fixture('diagnose'), '--format', 'json'], env(), { timeoutMs: 30_000 })
    expect(one.code, one.stderr).toBe(0)
    const report = JSON.parse(one.stdout)
    for (const node of ['gpu-a1', 'gpu-a2', 'gpu-a3']) writeFileSync(join(dir, `${node}.json`), one.stdout)
    report.facts.cudnn = '9.14.0'
    report.diagnosis.environment.cudnn = '9.14.0'
    writeFileSync(join(dir, 'gpu-b1.json'), JSON.stringify(report))
    const files = readdirSync(dir).sort().map((f) => join(dir, f))
    const md = await runBuiltCli(['report', '--merge', ...files], env(), { timeoutMs: 30_000 })
    expect(md.code, md.stderr).toBe(0)
    expect(md.stdout).toContain('| **cuDNN** | 9.19.0 | 9.19.0 | 9.19.0 | 9.14.0 | **differs** |')
    expect(md.stdout).toContain('Differs across nodes: cuDNN')
    const json = await runBuiltCli(['report', '--merge', '--format', 'json', ...files], env(), { timeoutMs: 30_000 })
    expect(JSON.parse(json.stdout).differing).toEqual(['cudnn'])
  })

  it('prints a PDF with Chromium, and says what to install when there is none (exit 3)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gd-pdf-')), 'r.pdf')
    const ok = await runBuiltCli(['report', '--from', fixture('diagnose'), '--format', 'pdf', '-o', out], env(), { timeoutMs: 60_000 })
    expect(ok.code, ok.stderr).toBe(0)
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-')
    const none = await runBuiltCli(['report', '--from', fixture('diagnose'), '--format', 'pdf', '-o', `${out}.2`], { ...env(), GPU_DOCTOR_CHROMIUM: '/nonexistent/chromium' }, { timeoutMs: 30_000 })
    expect(none.code).toBe(3)
    expect(none.stderr).toMatch(/PDF needs a headless Chromium.*apt install chromium.*GPU_DOCTOR_CHROMIUM/)
    expect(existsSync(`${out}.2`)).toBe(false)
  })

  it('rejects an unknown format with exit 2', async () => {
    const r = await runBuiltCli(['report', '--format', 'docx'], env())
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--format must be md, html, json or pdf')
  })
})

describe('gpu-doctor diagnose and the history', () => {
  it('saves each diagnosis unless --no-save', async () => {
    const data = mkdtempSync(join(tmpdir(), 'gd-data-'))
    const env = fakeSmiEnv('h200-x1', { GPU_DOCTOR_DATA_DIR: data })
    const python = pythonWithoutTorch()
    const skipped = await runBuiltCli(['diagnose', '--python', python, '--steps', 'gpu-visible', '--no-save'], env, { timeoutMs: 60_000 })
    expect(skipped.code).toBe(1)
    expect(existsSync(join(data, 'history'))).toBe(false)
    const saved = await runBuiltCli(['diagnose', '--python', python, '--steps', 'gpu-visible', '--json'], env, { timeoutMs: 60_000 })
    expect(saved.stderr).toMatch(/Saved to history: (\S+)/)
    const id = /Saved to history: (\S+)/.exec(saved.stderr)![1]!
    expect(readdirSync(join(data, 'history'))).toEqual([`${id}.json`])
    expect(JSON.parse(readFileSync(join(data, 'history', `${id}.json`), 'utf8'))).toEqual(JSON.parse(saved.stdout))
    const report = await runBuiltCli(['report', '--latest', '--format', 'json'], env, { timeoutMs: 30_000 })
    expect(JSON.parse(report.stdout).diagnosisSource).toBe('history')
  }, 120_000)
})
