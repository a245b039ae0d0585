import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'
import { fakeHealthEnv } from '../helpers/fake-smi'
import { TORCH_PYTHON } from '../helpers/pythons'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))

describe('gpu-doctor health', () => {
  it('a healthy H200 report: the link, ECC and settings table, no finding, exit 0; it says the kernel log was not read', async () => {
    const r = await runBuiltCli(['health', '--from-smi', fixture('h200-x1/smi/q.xml')], {})
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/NVIDIA H200\s+Gen 5\/5 x16\/16/)
    expect(r.stdout).toContain('No hardware problem found on 1 GPU.')
    expect(r.stdout).toContain('Xid events not checked, because the kernel log could not be read')
  })

  it('a planted uncorrectable ECC error and an Xid 79 in the log: exit 1 with both findings and their fixes, in Chinese too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-health-'))
    const smi = join(dir, 'q.xml')
    writeFileSync(smi, readFileSync(fixture('h200-x1/smi/q.xml'), 'utf8').replace('<dram_uncorrectable>0</dram_uncorrectable>', '<dram_uncorrectable>3</dram_uncorrectable>'))
    const log = join(dir, 'dmesg.txt')
    writeFileSync(log, "[  812.1] NVRM: Xid (PCI:0000:00:06): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n")
    const r = await runBuiltCli(['health', '--from-smi', smi, '--kernel-log', log, '--json'], {})
    expect(r.code).toBe(1)
    const json = JSON.parse(r.stdout)
    expect(json.findings.map((f: { id: string }) => f.id).sort()).toEqual(['ecc-uncorrectable-or-row-remap', 'gpu-fallen-off-bus'])
    expect(json.kernelLog).toEqual({ readable: true, source: 'file', xidCount: 1 })
    const zh = await runBuiltCli(['health', '--from-smi', smi, '--lang', 'zh-CN'], {})
    expect(zh.code).toBe(1)
    expect(zh.stdout).toContain('3 uncorrectable ECC errors')
    expect(zh.stdout).toMatch(/修复方法|修复/)
  })

  it('a file that is not nvidia-smi -q is a usage error (exit 2) with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-health-'))
    const junk = join(dir, 'junk.txt')
    writeFileSync(junk, 'nothing to see here\n')
    const r = await runBuiltCli(['health', '--from-smi', junk], {})
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('junk.txt')
  })

  it('live on the fake nvidia-smi (-q -x): two H200s, the H100 capture, and the Xid the stand-in kernel log holds', async () => {
    const x2 = await runBuiltCli(['health', '--json'], fakeHealthEnv('h200-x2'))
    expect(x2.code, x2.stderr).toBe(0)
    const two = JSON.parse(x2.stdout) as { source: string; gpus: Array<{ name: string }>; kernelLog: unknown }
    expect([two.source, two.gpus.map((g) => g.name), two.kernelLog]).toEqual(['live', ['NVIDIA H200', 'NVIDIA H200'], { readable: true, source: 'dmesg --ctime', xidCount: 0 }])
    const h100 = await runBuiltCli(['health'], fakeHealthEnv('h100-x1'))
    expect(h100.code, h100.stderr).toBe(0)
    expect(h100.stdout).toMatch(/NVIDIA H100 80GB HBM3\s+Gen 5\/5 x16\/16/)
    const xid = await runBuiltCli(['health'], fakeHealthEnv('h200-x1', { FAKE_DMESG_TEXT: 'NVRM: Xid (PCI:0000:00:06): 119, pid=1, Timeout after 6s of waiting for RPC response from GPU0 GSP!' }))
    expect(xid.code).toBe(1)
    expect(xid.stdout).toContain('gsp-firmware-timeout')
  })

  it('a kernel log this user may not read (dmesg refused, journalctl silent) says Xids were not checked and how to grant access, never "0 Xid", in both languages', async () => {
    const env = fakeHealthEnv('h200-x1', { FAKE_DMESG_DENY: '1', FAKE_JOURNAL_SILENT: '1' })
    const json = await runBuiltCli(['health', '--json'], env)
    expect(JSON.parse(json.stdout).kernelLog).toEqual({ readable: false, reason: 'dmesg: read kernel buffer failed: Operation not permitted; journalctl: no line shown to this user' })
    const en = await runBuiltCli(['health'], env)
    expect(en.stdout).not.toMatch(/0 Xid event/)
    expect(en.stdout).toContain('Xid events not checked, because the kernel log could not be read: dmesg: read kernel buffer failed')
    expect(en.stdout).toContain('adm or systemd-journal group')
    expect(en.stdout).toContain('sudo sysctl kernel.dmesg_restrict=0')
    const zh = await runBuiltCli(['health', '--lang', 'zh-CN'], env)
    expect(zh.stdout).toContain('未检查 Xid 事件，因为无法读取内核日志')
    expect(zh.stdout).toContain('systemd-journal 组')
  })
})

describe('gpu-doctor health --under-load', () => {
  it('a CPU-only PyTorch cannot load the GPU: the table is read anyway and the output says the load did not run and why', async () => {
    const r = await runBuiltCli(['health', '--under-load', '--python', TORCH_PYTHON], fakeHealthEnv('h100-x1'), { timeoutMs: 60_000 })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/NVIDIA H100 80GB HBM3\s+Gen 5\/5 x16\/16/)
    expect(r.stdout).toMatch(/Asked to read under load, but the load did not run \(CUDA is not available to PyTorch/)
  })

  it('without --under-load a live read says it was read as the GPU was and how to judge the link under load', async () => {
    const r = await runBuiltCli(['health'], fakeHealthEnv('h100-x1'))
    expect(r.stdout).toContain('Run with --under-load')
  })

  it('refuses --under-load with a saved file, and a Python that is not there, before any load (exit 2)', async () => {
    const file = await runBuiltCli(['health', '--under-load', '--from-smi', fixture('h200-x1/smi/q.xml')], {})
    expect([file.code, file.stderr]).toEqual([2, expect.stringContaining('--under-load')])
    const missing = await runBuiltCli(['health', '--under-load', '--python', '/opt/nowhere/bin/python3'], fakeHealthEnv('h100-x1'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('/opt/nowhere/bin/python3')
  })
})

describe('hardware health in gpu-doctor report', () => {
  const report = (fixture: string, args: string[], extra: Record<string, string> = {}) =>
    runBuiltCli(['report', '--from', fileURLToPath(new URL('../fixtures/reports/diagnose.json', import.meta.url)), ...args], fakeHealthEnv(fixture, { GPU_DOCTOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'gd-data-')), ...extra }), { timeoutMs: 30_000 })

  it('a report of a saved diagnosis shows this machine\'s hardware health only as read now, apart from the run: Markdown in Chinese and English, JSON', async () => {
    const zh = await report('h200-x1', ['--lang', 'zh-CN'])
    expect(zh.code, zh.stderr).toBe(0)
    const zhNow = zh.stdout.indexOf('<details><summary>当前读取，本机（不是该次诊断的记录）</summary>')
    expect(zhNow).toBeGreaterThan(0)
    expect(zh.stdout.indexOf('<details><summary>硬件健康 — 1 块 GPU 均未发现硬件问题</summary>')).toBeGreaterThan(zhNow)
    expect(zh.stdout).toContain('已读取内核日志（dmesg --ctime）：0 个 Xid 事件。')
    const en = await report('h200-x2', [])
    const enNow = en.stdout.indexOf('<details><summary>Read now, on this machine (not recorded by the diagnosis)</summary>')
    expect(enNow).toBeGreaterThan(0)
    expect(en.stdout.indexOf('<details><summary>Hardware health — No hardware problem on 2 GPUs</summary>')).toBeGreaterThan(enNow)
    const json = JSON.parse((await report('h200-x1', ['--format', 'json'])).stdout) as { health: unknown; readNow: { health: unknown } }
    expect(json.health).toBeNull()
    expect(json.readNow.health).toMatchObject({ source: 'live', gpus: [{ name: 'NVIDIA H200', pcie: { genCurrent: 5 } }], findings: [] })
  })

  it('without a driver the report has no health (the GPU section says why)', async () => {
    const json = await report('missing-driver', ['--format', 'json'])
    expect(json.code, json.stderr).toBe(0)
    const r = JSON.parse(json.stdout) as { readNow: { health: unknown; gpu: { kind: string } } }
    expect([r.readNow.health, r.readNow.gpu.kind]).toEqual([null, 'error'])
  })
})
