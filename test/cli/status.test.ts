import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { CLI_SINGLE, runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'

const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))

describe('gpu-doctor status', () => {
  it('runs from a folder with no node_modules and reports the H200 as JSON with the documented field names', async () => {
    const alone = join(mkdtempSync(join(tmpdir(), 'gd-cli-')), 'gpu-doctor.cjs')
    copyFileSync(CLI_SINGLE, alone)
    const r = await runBuiltCli(['status', '--json'], fakeSmiEnv('h200-x1'), { cli: alone })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json).toMatchObject({ driverVersion: '580.159.04', cudaVersion: '13.0' })
    expect(json.gpus[0]).toMatchObject({
      index: 0,
      name: 'NVIDIA H200',
      uuid: 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60',
      computeCapability: '9.0',
      memoryTotalMiB: 143771,
      memoryUsedMiB: 0,
      utilizationGpu: 0,
      temperatureC: 27,
    })
    expect(typeof json.gpus[0].powerW).toBe('number')
  })

  it('prints a readable table in English and in Chinese', async () => {
    const en = await runBuiltCli(['status'], fakeSmiEnv('h200-x2'))
    expect(en.stdout).toContain('Highest CUDA the driver supports: 13.0')
    expect(en.stdout.match(/NVIDIA H200/g)).toHaveLength(2)
    const zh = await runBuiltCli(['status', '--lang', 'zh-CN'], fakeSmiEnv('h200-x2'))
    expect(zh.stdout).toContain('驱动支持的最高 CUDA: 13.0')
  })

  it('exits 3 with one clear line on stderr when the driver is not loaded', async () => {
    const r = await runBuiltCli(['status'], fakeSmiEnv('missing-driver'))
    expect(r.code).toBe(3)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^gpu-doctor: .*driver/)
    expect(r.stdout).toContain('driver-not-loaded')
    expect(r.stderr + r.stdout).not.toMatch(/at .*\.cjs:\d+/)
  })

  it('exits 3 when there is no nvidia-smi at all, and --json carries the problem', async () => {
    const r = await runBuiltCli(['status', '--json'], { PATH: '/nonexistent' })
    expect(r.code).toBe(3)
    expect(JSON.parse(r.stdout).error.code).toBe('nvidia-smi-missing')
  })

  it('exits 2 on a usage error, naming the problem', async () => {
    const bad = await runBuiltCli(['status', '--frobnicate'], fakeSmiEnv('h200-x1'))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("'--frobnicate'")
    const unknown = await runBuiltCli(['statsu'], fakeSmiEnv('h200-x1'))
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown command "statsu"')
    const lang = await runBuiltCli(['status', '--lang', 'fr'], fakeSmiEnv('h200-x1'))
    expect(lang.code).toBe(2)
  })

  it.each([
    ['h200-x1/smi/default.txt', 'table', '580.159.04', 'NVIDIA H200', 143771],
    ['h200-x1/smi/q.txt', 'q', '580.159.04', 'NVIDIA H200', 143771],
    ['h200-x1/smi/q.xml', 'xml', '580.159.04', 'NVIDIA H200', 143771],
    ['h200-x1/smi/query-csv.txt', 'csv', '580.159.04', 'NVIDIA H200', 143771],
    ['public/A/rtx2080super-linux-610.57.04-kmd-header.txt', 'table', '610.57.04', 'NVIDIA GeForce RTX 2080 ...', 8192],
    ['public/C/xml-gtx1660ti-418.43.xml', 'xml', '418.43', 'Graphics Device', null],
  ])('--from-smi reads %s', async (file, format, driver, name, memory) => {
    const r = await runBuiltCli(['status', '--json', '--from-smi', fixture(file)], { PATH: '/nonexistent' })
    expect(r.stderr).toBe('')
    const json = JSON.parse(r.stdout)
    expect(json.format).toBe(format)
    expect(json.driverVersion).toBe(driver)
    expect(json.gpus[0].name).toBe(name)
    if (memory !== null) expect(json.gpus[0].memoryTotalMiB).toBe(memory)
  })

  it('--from-smi rejects a file that is not nvidia-smi output with exit 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gd-junk-')), 'junk.txt')
    writeFileSync(file, 'hello world\nthis is not nvidia-smi\n')
    const r = await runBuiltCli(['status', '--from-smi', file], { PATH: '/nonexistent' })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('junk.txt')
    const missing = await runBuiltCli(['status', '--from-smi', '/nonexistent/x.txt'], { PATH: '/nonexistent' })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('no such file')
  })

  it('prints its version and help', async () => {
    const v = await runBuiltCli(['--version'], {})
    expect(v.stdout).toMatch(/^gpu-doctor \d+\.\d+\.\d+/)
    const h = await runBuiltCli(['--help', '--lang', 'zh-CN'], {})
    expect(h.code).toBe(0)
    expect(h.stdout).toContain('命令')
  })
})
