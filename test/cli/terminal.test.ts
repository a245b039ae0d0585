// The CLI as a person at an 80×24 terminal sees it (a real pseudo-terminal), and as a script reads it (a pipe).
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { displayWidth } from '../../src/cli/terminal/display-width'
import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { pythonWithoutTorch } from '../helpers/pythons'
import { runInPty, withoutColour } from '../helpers/pty'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))
const H100_X8 = fixture('public/C/q-h100-sxm-x8-565.57.01.txt')
const PASTE = fixture('public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt')
const REPORT = fixture('reports/diagnose.json')
// Nothing from the developer's own shell decides colour or language here.
const { NO_COLOR: _n, FORCE_COLOR: _f, LANG: _l, LC_ALL: _a, GPU_DOCTOR_LANG: _g, ...base } = process.env
const env = { ...base, LANG: 'C.UTF-8' }
// eslint-disable-next-line no-control-regex -- the escape character is what is looked for
const ESC = /\x1b\[/

const lines = (text: string) => withoutColour(text).replace(/\n$/, '').split('\n')
const tooWide = (text: string, cols = 80) => lines(text).filter((l) => displayWidth(l) > cols)

describe('the CLI in an 80-column terminal', () => {
  it('--help lists each command on one line within 80 columns, in colour', async () => {
    const r = await runInPty(['--help'], env)
    expect(r.code).toBe(0)
    expect(tooWide(r.stdout)).toEqual([])
    expect(lines(r.stdout).length).toBeLessThanOrEqual(40)
    for (const c of ['status', 'health', 'monitor', 'watch', 'serve', 'diagnose', 'analyze', 'interpreters', 'images', 'pull', 'compare', 'recommend', 'report', 'fleet']) {
      expect(lines(r.stdout).filter((l) => l.startsWith(`  ${c} `))).toHaveLength(1)
    }
    expect(r.stdout).toMatch(ESC)
  })

  it('<command> --help is that command’s help: its synopsis and its options, wrapped to 80 columns', async () => {
    const serve = await runInPty(['serve', '--help'], env)
    expect(serve.code).toBe(0)
    expect(withoutColour(serve.stdout)).toContain('gpu-doctor serve [--port N]')
    expect(withoutColour(serve.stdout)).toMatch(/^ {2}--metrics +Also serve GET \/metrics/m)
    expect(withoutColour(serve.stdout)).not.toContain('recommend')
    const fleet = await runInPty(['fleet', '--help'], env)
    expect(tooWide(fleet.stdout)).toEqual([])
    expect(withoutColour(fleet.stdout)).toContain('--reports-dir DIR')
    // A bracketed option is never cut between lines.
    expect(lines(fleet.stdout).filter((l) => /\[[^\]]*$/.test(l.replace(/\[[^\]]*\]/g, '')))).toEqual([])
    for (const command of ['status', 'health', 'diagnose', 'recommend', 'report', 'watch']) {
      const r = await runInPty([command, '--help'], env)
      expect(tooWide(r.stdout), command).toEqual([])
      expect(withoutColour(r.stdout), command).toContain(`gpu-doctor ${command}`)
    }
  })

  it('the Chinese help is Chinese throughout, CJK wrapped by display width', async () => {
    for (const run of [runInPty(['--help', '--lang', 'zh-CN'], env), runInPty(['diagnose', '--help'], { ...env, LANG: 'zh_CN.UTF-8' })]) {
      const r = await run
      expect(r.code).toBe(0)
      expect(tooWide(r.stdout)).toEqual([])
      expect(r.stdout).toContain('退出码')
      expect(withoutColour(r.stdout)).not.toMatch(/Exit codes|Commands|Options|Usage|Run '/)
    }
  })

  it('status: 8 GPUs are 8 rows of at most 80 columns, for a live replay and a saved 8×H100 output', async () => {
    for (const r of [await runInPty(['status'], fakeSmiEnv('h200-x8-synthetic', env)), await runInPty(['status', '--from-smi', H100_X8], env)]) {
      expect(r.code).toBe(0)
      const table = lines(r.stdout)
      expect(table.filter((l) => /^ +[0-7] {2}\S/.test(l))).toHaveLength(8)
      expect(tooWide(r.stdout)).toEqual([])
    }
  })

  it('health and interpreters: one row per GPU or Python within 80 columns, the Python path never cut; headers in Chinese', async () => {
    const health = await runInPty(['health', '--from-smi', H100_X8], env)
    expect(health.code).toBe(0)
    expect(lines(health.stdout).filter((l) => /^ +[0-7] {2}\S/.test(l))).toHaveLength(8)
    expect(tooWide(health.stdout)).toEqual([])
    // Into a pipe nothing is cut: the full name is there.
    const piped = await runBuiltCli(['health', '--from-smi', H100_X8], env)
    expect(piped.stdout).toContain('NVIDIA H100 80GB HBM3')
    const python = pythonWithoutTorch()
    const zh = await runInPty(['interpreters', '--lang', 'zh-CN'], { ...env, PATH: `${dirname(python)}:${process.env.PATH ?? ''}` })
    expect(zh.code).toBe(0)
    expect(tooWide(zh.stdout)).toEqual([])
    expect(lines(zh.stdout)[0]).toMatch(/^Python +来源 +版本 +torch$/)
  })

  it('analyze, recommend and diagnose wrap their paragraphs to the terminal, commands continued with \\', async () => {
    const analyze = await runInPty(['analyze', '--from', PASTE], env)
    expect(tooWide(analyze.stdout)).toEqual([])
    expect(withoutColour(analyze.stdout)).toContain('\u2718 error cpu-only-torch-build')
    const recommend = await runInPty(['recommend', '--gpu', 'H100', '--driver', '580.65.06'], env)
    expect(tooWide(recommend.stdout)).toEqual([])
    expect(recommend.stdout).toMatch(/ \\\n +\S/)
    const zh = await runInPty(['recommend', '--gpu', 'H100', '--driver', '580.65.06', '--lang', 'zh-CN'], env)
    expect(tooWide(zh.stdout)).toEqual([])
    const diagnose = await runInPty(['diagnose', '--python', pythonWithoutTorch(), '--steps', 'gpu-visible', '--no-save'], fakeSmiEnv('h200-x1', env), { timeoutMs: 60_000 })
    expect(diagnose.stdout).toContain('torch-not-installed')
    expect(tooWide(diagnose.stdout)).toEqual([])
  }, 90_000)

  it('report on a terminal is laid out to read, with the way to the Markdown; into a pipe it is the Markdown', async () => {
    const r = await runInPty(['report', '--from', REPORT], env)
    expect(r.code).toBe(0)
    const shown = withoutColour(r.stdout)
    expect(shown).not.toMatch(/&lt;|&gt;|&amp;|<details>|<\/?summary>|\|---|\*\*/)
    expect(shown).toContain('GPU-<uuid-1>')
    expect(shown).toContain('-o report.md')
    // Wider than 80 only where one word is (a library path): the terminal folds it, and it copies whole.
    expect(tooWide(r.stdout).filter((l) => !/^ *\S+$/.test(l))).toEqual([])
    const piped = await runBuiltCli(['report', '--from', REPORT], env)
    expect(piped.stdout).toContain('<details><summary>')
    expect(piped.stdout).toContain('GPU-&lt;uuid-1&gt;')
    expect(piped.stdout).not.toMatch(ESC)
  })
})

describe('colour and wrapping follow where the output goes', () => {
  it('NO_COLOR keeps the terminal plain but wrapped; a pipe gets neither; FORCE_COLOR colours a pipe', async () => {
    const noColour = await runInPty(['analyze', '--from', PASTE], { ...env, NO_COLOR: '1' })
    expect(noColour.stdout).not.toMatch(ESC)
    expect(tooWide(noColour.stdout)).toEqual([])
    expect(noColour.stdout).toContain('[error] cpu-only-torch-build')

    const piped = await runBuiltCli(['analyze', '--from', PASTE], env)
    expect(piped.stdout).not.toMatch(ESC)
    // One line per fix, as scripts and grep read it.
    expect(piped.stdout).toMatch(/^ {2}Fix: Install a CUDA build of PyTorch.*pin the index in your requirements\.$/m)
    const help = await runBuiltCli(['--help'], env)
    expect(help.stdout).not.toMatch(ESC)
    expect(tooWide(help.stdout)).toEqual([])

    const forced = await runBuiltCli(['status', '--from-smi', H100_X8], { ...env, FORCE_COLOR: '1' })
    expect(forced.stdout).toMatch(ESC)
    const json = await runInPty(['status', '--json', '--from-smi', H100_X8], env)
    expect(json.stdout).not.toMatch(ESC)
    expect(JSON.parse(json.stdout).gpus).toHaveLength(8)
  })
})
