import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))

describe('gpu-doctor health', () => {
  it('a healthy H200 report: the link, ECC and settings table, no finding, exit 0; it says the kernel log was not read', async () => {
    const r = await runBuiltCli(['health', '--from-smi', fixture('h200-x1/smi/q.xml')], {})
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/NVIDIA H200\s+Gen 5\/5 x16\/16/)
    expect(r.stdout).toContain('No hardware problem found on 1 GPU(s).')
    expect(r.stdout).toContain('Kernel log not read')
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
    expect(zh.stdout).toContain('3 uncorrectable ECC error(s)')
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
})
