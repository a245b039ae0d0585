import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

// Usage errors are found before any engine is contacted: DOCKER_HOST points nowhere on purpose.
const env = { ...process.env, DOCKER_HOST: 'unix:///nonexistent.sock' }

describe('gpu-doctor Docker commands: usage', () => {
  it('help lists images, pull and compare, and each command\'s help its synopsis (diagnose --image too)', async () => {
    const r = await runBuiltCli(['--help'], env)
    for (const c of ['images', 'pull', 'compare']) expect(r.stdout).toMatch(new RegExp(`^  ${c} +\\S`, 'm'))
    for (const [command, synopsis] of [
      ['images', 'gpu-doctor images [--json]'],
      ['pull', 'gpu-doctor pull IMAGE [--json]'],
      ['compare', 'gpu-doctor compare IMAGE_A|host IMAGE_B|host'],
      ['diagnose', 'gpu-doctor diagnose --image IMAGE [--gpus all|none|0,1] [--shm-size 8g]'],
    ]) {
      const help = await runBuiltCli([command!, '--help'], env)
      expect(help.stdout).toContain(synopsis)
    }
  })

  it.each([
    [['diagnose', '--image', 'PyTorch/PyTorch'], /repository names must be lowercase/],
    [['diagnose', '--image', 'pytorch/pytorch', '--gpus', 'many'], /--gpus must be all, none, or GPU indexes/],
    [['diagnose', '--image', 'pytorch/pytorch', '--shm-size', 'lots'], /--shm-size must be a size such as 8g/],
    [['pull'], /usage: gpu-doctor pull IMAGE/],
    [['pull', 'a:b:c:d'], /not a valid image name/],
    [['compare', 'host'], /usage: gpu-doctor compare/],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const r = await runBuiltCli(args, env)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('an engine that is not there: exit 3 with the explanation, for pull and diagnose --image alike', async () => {
    for (const args of [['pull', 'ubuntu:24.04'], ['diagnose', '--image', 'ubuntu:24.04', '--nvidia-smi', '/nonexistent']]) {
      const r = await runBuiltCli(args, env)
      expect(r.code).toBe(3)
      expect(r.stderr).toMatch(/The Docker engine is not running: nothing at unix:\/\/\/nonexistent\.sock\./)
    }
  })

  it.each(['99999999t', '2t', '0', '-1g', '1e9'])('--shm-size %s is a usage error before anything runs or is saved', async (size) => {
    const data = mkdtempSync(join(tmpdir(), 'gd-shm-'))
    const r = await runBuiltCli(['diagnose', '--image', 'ubuntu:24.04', `--shm-size=${size}`], { ...env, GPU_DOCTOR_DATA_DIR: data })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--shm-size must be a size such as 8g or 512m, at most 1t/)
    expect(r.stderr).not.toMatch(/Docker engine/)
    expect(readdirSync(data)).toEqual([])
  })

  it('a registry URL as DOCKER_HOST: exit 3 naming it, never "image not on this machine"', async () => {
    for (const host of ['https://registry-1.docker.io', 'http://127.0.0.1:5000', 'tcp://']) {
      for (const args of [['images'], ['diagnose', '--image', 'ubuntu:24.04', '--nvidia-smi', '/nonexistent']]) {
        const r = await runBuiltCli(args, { ...process.env, DOCKER_HOST: host })
        expect(r.code, `${host} ${args[0]}`).toBe(3)
        expect(r.stderr).toContain(`DOCKER_HOST="${host}"`)
        expect(r.stderr).not.toMatch(/not on this machine/)
      }
    }
  })

  it('tcp:// without a port names the endpoint it tried; ssh:// prints no Node deprecation warning', async () => {
    const tcp = await runBuiltCli(['images'], { ...process.env, DOCKER_HOST: 'tcp://127.0.0.1' })
    expect(tcp.code).toBe(3)
    expect(tcp.stderr).toMatch(/tcp:\/\/127\.0\.0\.1:2375/)
    expect(tcp.stderr).toMatch(/127\.0\.0\.1:2375/)
    const ssh = await runBuiltCli(['images'], { ...process.env, DOCKER_HOST: 'ssh://nobody@127.0.0.1:1' })
    expect(ssh.code).toBe(3)
    expect(ssh.stderr).toMatch(/ssh:\/\/nobody@127\.0\.0\.1:1/)
    expect(ssh.stderr).not.toMatch(/DeprecationWarning|DEP0\d+/)
  })

  it('zh-CN: the usage error in Chinese', async () => {
    const r = await runBuiltCli(['pull', '--lang', 'zh-CN'], env)
    expect(r.stderr).toMatch(/用法：gpu-doctor pull IMAGE/)
  })
})
