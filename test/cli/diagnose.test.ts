import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { pythonWithoutTorch, TORCH_PYTHON } from '../helpers/pythons'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))

describe('gpu-doctor diagnose', () => {
  it('exits 1 on a CPU-only PyTorch and prints each step with the fix', async () => {
    const r = await runBuiltCli(['diagnose', '--python', TORCH_PYTHON], fakeSmiEnv('h200-x1'), { timeoutMs: 60_000 })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/FAIL\s+1 GPU visible to PyTorch/)
    expect(r.stdout).toContain('cpu-only-torch-build')
    expect(r.stdout).toMatch(/Fix: .*index-url/)
    expect(r.stdout).toMatch(/SKIP\s+5 Conv2d timing/)
  })

  it('--json keeps stdout pure JSON with the documented shape; progress goes to stderr', async () => {
    const r = await runBuiltCli(['diagnose', '--python', TORCH_PYTHON, '--json', '--steps', 'gpu-visible,ldd-linkage'], fakeSmiEnv('h200-x1'), { timeoutMs: 60_000 })
    const json = JSON.parse(r.stdout)
    expect(json.steps.map((s: { id: string }) => s.id)).toEqual(['gpu-visible', 'ldd-linkage'])
    for (const s of json.steps) expect(Object.keys(s)).toEqual(expect.arrayContaining(['id', 'status', 'summary', 'evidence', 'findings']))
    expect(json.steps[0].findings[0]).toMatchObject({ id: 'cpu-only-torch-build', severity: 'error' })
    expect(json.environment).toMatchObject({ driverVersion: '580.159.04', torch: expect.stringMatching(/^1\./) })
    expect(r.stderr).toContain('1 GPU visible to PyTorch')
  })

  it('speaks Chinese with --lang zh-CN', async () => {
    const r = await runBuiltCli(['diagnose', '--python', pythonWithoutTorch(), '--steps', 'gpu-visible', '--lang', 'zh-CN'], fakeSmiEnv('h200-x1'), { timeoutMs: 60_000 })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('失败')
    expect(r.stdout).toContain('torch-not-installed')
    expect(r.stdout).toMatch(/修复方法/)
  })

  it('refuses a --python that does not exist or is not a program, before any step and without saving', async () => {
    const data = mkdtempSync(join(tmpdir(), 'gd-badpy-'))
    const env = { ...fakeSmiEnv('h200-x1'), GPU_DOCTOR_DATA_DIR: data }
    const missing = await runBuiltCli(['diagnose', '--python', join(data, 'no-such-python')], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('there is no such file')
    expect(missing.stdout).not.toContain('FAIL')
    const folder = await runBuiltCli(['diagnose', '--python', data], env)
    expect(folder.code).toBe(2)
    expect(folder.stderr).toContain('is a folder')
    const broken = join(data, 'broken-python')
    writeFileSync(broken, '#!/bin/sh\necho "error while loading shared libraries: libpython3.11.so.1.0" >&2\nexit 127\n', { mode: 0o755 })
    const runs = await runBuiltCli(['diagnose', '--python', broken, '--lang', 'zh-CN'], env)
    expect(runs.code).toBe(2)
    expect(runs.stderr).toContain('无法运行（error while loading shared libraries: libpython3.11.so.1.0）')
    const silent = join(data, 'silent-python')
    writeFileSync(silent, '#!/bin/sh\nexit 3\n', { mode: 0o755 })
    const quiet = await runBuiltCli(['diagnose', '--python', silent], env)
    expect(quiet.code).toBe(2)
    expect(quiet.stderr).toContain('does not run (exit 3)')
    const history = await runBuiltCli(['report', '--latest'], env)
    expect(history.stderr).toContain('No saved diagnosis yet')
  })

  it('rejects an unknown step id with exit 2 and the list of valid ids', async () => {
    const r = await runBuiltCli(['diagnose', '--steps', 'gpu-visible,warp-drive'], fakeSmiEnv('h200-x1'))
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('warp-drive')
    expect(r.stderr).toContain('conv-timing')
  })

  it('--gpus and --conv-seconds: a bad value is exit 2 before anything runs; a good one reaches the real probe', async () => {
    const bad = await runBuiltCli(['diagnose', '--python', TORCH_PYTHON, '--gpus', '0;rm'], fakeSmiEnv('h200-x1'))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--gpus')
    expect((await runBuiltCli(['diagnose', '--python', TORCH_PYTHON, '--gpus', 'none'], fakeSmiEnv('h200-x1'))).code).toBe(2)
    const slow = await runBuiltCli(['diagnose', '--python', TORCH_PYTHON, '--conv-seconds', '0'], fakeSmiEnv('h200-x1'))
    expect(slow.code).toBe(2)
    expect(slow.stderr).toContain('--conv-seconds needs a number of seconds from 0.05 to 10, got "0"')
    // The probe takes both arguments (argparse would refuse an unknown one); CPU-only torch: steps 4-5 skip.
    const ok = await runBuiltCli(['diagnose', '--python', TORCH_PYTHON, '--json', '--no-save', '--gpus', '0', '--conv-seconds', '0.5', '--steps', 'gpu-visible,sm-utilisation,conv-timing'], fakeSmiEnv('h200-x1'), { timeoutMs: 60_000 })
    const d = JSON.parse(ok.stdout)
    expect(d.environment.probeErrors).toEqual([])
    expect(d.steps.map((s: { id: string; summaryKey: string }) => [s.id, s.summaryKey])).toEqual([
      ['gpu-visible', expect.any(String)],
      ['sm-utilisation', 'skip.cpuBuild'],
      ['conv-timing', 'skip.cpuBuild'],
    ])
  })
})

describe('gpu-doctor analyze', () => {
  it('recognises a real "no kernel image" log and gives the fix (candidates only, as warnings: exit 0)', async () => {
    const r = await runBuiltCli(['analyze', '--from', fixture('public/E/no-kernel-image-rtx5090d-pytorch-interactive.txt'), '--json'], {})
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.findings.map((f: { id: string }) => f.id)).toContain('gpu-arch-not-in-wheel')
    for (const f of json.findings) expect(Object.keys(f)).toEqual(expect.arrayContaining(['id', 'severity', 'message', 'fix', 'evidence']))
  })

  it('reads a real collect_env of a CPU-only wheel, and exits 1 for the error it reports (also with --json)', async () => {
    const r = await runBuiltCli(['analyze', '--from', fixture('public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt')], {})
    expect(r.stdout).toContain('collect_env')
    expect(r.stdout).toContain('[error] cpu-only-torch-build')
    expect(r.code).toBe(1)
    const json = await runBuiltCli(['analyze', '--from', fixture('public/D/collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt'), '--json'], {})
    expect(json.code).toBe(1)
  })

  it('says so when nothing is recognised, and exits 2 for a missing file', async () => {
    const clean = await runBuiltCli(['analyze', '--from', fixture('h200-x1/smi/version.txt')], {})
    expect(clean.code).toBe(0)
    const missing = await runBuiltCli(['analyze', '--from', '/nonexistent/log.txt'], {})
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('no such file')
  })

  it('an empty or binary file is not "a log with no known failure": exit 2 and why, in both languages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-analyze-'))
    writeFileSync(join(dir, 'empty.txt'), '  \n\n')
    writeFileSync(join(dir, 'core.bin'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))
    const empty = await runBuiltCli(['analyze', '--from', join(dir, 'empty.txt')], {})
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('is empty')
    expect(empty.stdout).not.toContain('Recognised as')
    const binary = await runBuiltCli(['analyze', '--from', join(dir, 'core.bin'), '--json'], {})
    expect(binary.code).toBe(2)
    expect(binary.stderr).toContain('is not text')
    expect(binary.stdout).toBe('')
    const zh = await runBuiltCli(['analyze', '--from', join(dir, 'core.bin'), '--lang', 'zh-CN'], {})
    expect(zh.stderr).toContain('不是文本')
  })
})

describe('gpu-doctor interpreters', () => {
  it('lists the Debian Python and says it has torch', async () => {
    const r = await runBuiltCli(['interpreters', '--json'], { PATH: '/usr/bin:/bin' })
    const list = JSON.parse(r.stdout) as Array<{ path: string; torchLocation: string | null }>
    const debian = list.find((i) => i.path === TORCH_PYTHON)
    expect(debian?.torchLocation).toMatch(/torch\/__init__\.py$/)
  })
})
