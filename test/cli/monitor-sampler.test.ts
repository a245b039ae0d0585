import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CLI_SINGLE, runBuiltCli } from '../helpers/cli'
import { buildFakeNvml } from '../helpers/fake-nvml'
import { fakeSmiEnv } from '../helpers/fake-smi'

describe('gpu-doctor monitor and status say which sampler they use', () => {
  it('NVML when it loads: samples carry per-process utilisation, the sampler line goes to stderr with --json', async () => {
    const env = fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: buildFakeNvml(), GPU_DOCTOR_SAMPLER: 'nvml' })
    const r = await runBuiltCli(['monitor', '--json', '--interval', '100', '--count', '2'], env)
    expect(r.code).toBe(0)
    const samples = r.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(samples[0].gpus.map((g: { utilizationGpu: number }) => g.utilizationGpu)).toEqual([42, 43])
    expect(samples[0].processes[0]).toMatchObject({ pid: 4242, smUtil: 93 })
    expect(r.stderr.trim()).toBe('Sampler: NVML, in-process')
  })

  it('the one-file CLI where koffi is absent falls back to the stream and says why, in Chinese too', async () => {
    // Copied away from node_modules, as users run it on a server: require('koffi') finds nothing.
    const lonely = join(mkdtempSync(join(tmpdir(), 'gd-cli-alone-')), 'gpu-doctor.cjs')
    copyFileSync(CLI_SINGLE, lonely)
    const env = fakeSmiEnv('h200-x2', { GPU_DOCTOR_SAMPLER: 'nvml' })
    const r = await runBuiltCli(['monitor', '--json', '--interval', '100', '--count', '2'], env, { cli: lonely })
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split('\n')).toHaveLength(2)
    expect(r.stderr).toMatch(/^Sampler: nvidia-smi stream \(NVML not used: the koffi module that loads it is not installed \(Cannot find (module|package) 'koffi'/)
    const zh = await runBuiltCli(['monitor', '--interval', '100', '--count', '1', '--lang', 'zh-CN'], env, { cli: lonely })
    expect(zh.code).toBe(0)
    expect(zh.stdout).toContain('采样方式：nvidia-smi 数据流（未使用 NVML：没有安装用来加载它的 koffi 模块')
  })

  it('status names the sampler, and --json carries it as `sampler`', async () => {
    const env = fakeSmiEnv('h200-x1', { GPU_DOCTOR_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1', GPU_DOCTOR_SAMPLER: 'nvml' })
    const text = await runBuiltCli(['status'], env)
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/Sampler: nvidia-smi stream \(NVML not used: \/nonexistent\/libnvidia-ml\.so\.1 could not be loaded/)
    const json = JSON.parse((await runBuiltCli(['status', '--json'], env)).stdout)
    expect(json.sampler).toMatchObject({ kind: 'nvidia-smi', fallback: { key: 'sampler.fallback.libraryMissing' } })
    expect(json.gpus[0].name).toBe('NVIDIA H200')
  })
})
