import { describe, expect, it } from 'vitest'

import { runBuiltCli } from '../helpers/cli'

// Usage errors are found before any engine is contacted: DOCKER_HOST points nowhere on purpose.
const env = { ...process.env, DOCKER_HOST: 'unix:///nonexistent.sock' }

describe('gpu-doctor Docker commands: usage', () => {
  it('help lists images, pull, compare and diagnose --image', async () => {
    const r = await runBuiltCli(['--help'], env)
    for (const c of ['images [--json]', 'pull IMAGE [--json]', 'compare IMAGE_A|host IMAGE_B|host', 'diagnose --image IMAGE [--gpus all|0,1] [--shm-size 8g]']) expect(r.stdout).toContain(c)
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

  it('zh-CN: the usage error in Chinese', async () => {
    const r = await runBuiltCli(['pull', '--lang', 'zh-CN'], env)
    expect(r.stderr).toMatch(/用法：gpu-doctor pull IMAGE/)
  })
})
