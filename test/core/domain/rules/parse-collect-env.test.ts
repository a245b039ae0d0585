import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseCollectEnv } from '../../../../src/core/domain/rules/parse-collect-env'

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/public/D/${name}`, import.meta.url), 'utf8')

describe('parseCollectEnv', () => {
  it('reads a modern report with a cuDNN "Probably one of the following" list', () => {
    const env = parseCollectEnv(fixture('collect_env-1.12.1+cu113-no-driver-visible-colab-like.txt'))
    expect(env).toMatchObject({
      torchVersion: '1.12.1+cu113',
      debugBuild: false,
      cudaBuild: '11.3',
      os: 'Ubuntu 18.04.6 LTS (x86_64)',
      cudaAvailable: false,
      cudaRuntime: '11.1.105',
      gpus: [],
      driverVersion: null,
    })
    expect(env.cudnn).toHaveLength(8)
    expect(env.cudnn[0]).toBe('/usr/lib/x86_64-linux-gnu/libcudnn.so.7.6.5')
    expect(env.packages.find((p) => p.name === 'torchvision')).toMatchObject({ manager: 'pip', version: '0.13.1+cu113' })
  })

  it('reads an old Yes/No report with a multi-line GPU list after the key', () => {
    const env = parseCollectEnv(fixture('collect_env-1.6.0-cu102-driver-418.67-too-old-2x-v100-transcribed.txt'))
    expect(env).toMatchObject({
      torchVersion: '1.6.0',
      debugBuild: false,
      cudaBuild: '10.2',
      cudaAvailable: false,
      cudaRuntime: null,
      gpus: ['Tesla V100-PCIE-16GB', 'Tesla V100-PCIE-16GB'],
      driverVersion: '418.67',
      cudnn: [],
    })
  })

  it('reads a CRLF report with a mojibake OS, a cuDNN .dll path and conda <pip> entries', () => {
    const env = parseCollectEnv(fixture('collect_env-1.3.0a0-windows-gtx1080ti-411.31-mojibake-os-CRLF.txt'))
    expect(env.torchVersion).toBe('1.3.0a0+de394b6')
    expect(env.os).toMatch(/ Windows 10 Pro$/)
    expect(env.cudaAvailable).toBe(true)
    expect(env.gpus).toEqual(['GeForce GTX 1080 Ti'])
    expect(env.driverVersion).toBe('411.31')
    expect(env.cudnn).toEqual(['C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.0\\bin\\cudnn64_7.dll'])
    expect(env.packages.find((p) => p.manager === 'conda' && p.name === 'torch')).toMatchObject({
      version: '1.3.0a0+de394b6',
      build: null,
      channel: 'pip',
    })
    expect(Object.values(env.lines).join('\n')).not.toContain('\r')
  })

  it('reads conda build strings and a CPU build', () => {
    const mixed = parseCollectEnv(fixture('collect_env-1.7.0-rtx3090+rtx2080ti-455.38-mixed-gpus.txt'))
    expect(mixed.debugBuild).toBe(true)
    expect(mixed.gpus).toEqual(['GeForce RTX 3090', 'GeForce RTX 2080 Ti'])
    expect(mixed.packages.find((p) => p.manager === 'conda' && p.name === 'pytorch')).toMatchObject({
      version: '1.7.0',
      build: 'py3.8_cuda11.0.221_cudnn8.0.3_0',
      channel: 'pytorch',
    })

    const cpu = parseCollectEnv(fixture('collect_env-1.4.0+cpu-windows-cpu-only-wheel.txt'))
    expect(cpu).toMatchObject({ cudaBuild: 'None', cudaAvailable: false, gpus: [], driverVersion: null, cudnn: [] })
  })

  it('does not mistake the lscpu section for report fields', () => {
    const env = parseCollectEnv(fixture('collect_env-2.0.0dev+cpu-centos-no-cuda-with-cpu-section.txt'))
    expect(env.torchVersion).toBe('2.0.0.dev20230228+cpu-cxx11-abi')
    expect(env.os).toBe('CentOS Stream 8 (x86_64)')
    expect(env.packages.map((p) => p.name)).toContain('intel-extension-for-pytorch')
  })
})
