import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { RecommendResultSchema } from '../../src/shared/recommend'
import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'

// Runs the bundled CLI (npm run build:cli) as a user would.
const fixture = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url))
const noSmi = { ...process.env, PATH: '/nonexistent', GPU_DOCTOR_NVIDIA_SMI: '' }

describe('gpu-doctor recommend', () => {
  it('--gpu "NVIDIA H200" --driver 580.65.06 --json: the documented document, best first', async () => {
    const r = await runBuiltCli(['recommend', '--gpu', 'NVIDIA H200', '--driver', '580.65.06', '--json'], noSmi)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = RecommendResultSchema.parse(JSON.parse(r.stdout))
    expect(Object.keys(json.recommendations[0]!).sort()).toEqual(
      ['compatibility', 'confidence', 'cuda', 'cudnn', 'image', 'pull', 'pytorch', 'reasonCodes', 'reasons', 'run', 'variant'].sort(),
    )
    // Every reason also comes as a code with its values, one for one, for front ends that translate.
    expect(json.recommendations[0]!.reasonCodes).toHaveLength(json.recommendations[0]!.reasons.length)
    expect(json.recommendations[0]!.reasonCodes![0]!.code).toMatch(/^[a-z]+\.[A-Za-z.]+$/)
    expect(json.recommendations[0]).toMatchObject({
      image: 'pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime',
      pytorch: '2.14.1',
      cuda: '13.0',
      variant: 'runtime',
      compatibility: 'native',
      pull: 'docker pull pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime',
    })
    expect(json.recommendations[0]!.reasons.join(' ')).toMatch(/580\.65\.06/)
    expect(json.blockers).toBeUndefined()
    expect(json.input).toMatchObject({ driverVersion: '580.65.06', highestCudaSource: 'driver-table', platform: 'linux' })
  })

  it('--from-smi reads a saved nvidia-smi table of another machine', async () => {
    const r = await runBuiltCli(['recommend', '--from-smi', fixture('h200-x1/smi/default.txt'), '--json'], noSmi)
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.input).toMatchObject({ driverVersion: '580.159.04', highestCuda: '13.0', highestCudaSource: 'nvidia-smi' })
    expect(json.input.gpus).toEqual([{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', source: 'name' }])
    expect(json.recommendations[0].image).toBe('pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime')
  })

  it('answers for this machine, in English and Chinese', async () => {
    const en = await runBuiltCli(['recommend'], fakeSmiEnv('h200-x2'))
    expect(en.code).toBe(0)
    expect(en.stdout).toContain('1. pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime')
    expect(en.stdout).toContain('$ docker run --gpus all --rm -it pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime python -c')
    const zh = await runBuiltCli(['recommend', '--lang', 'zh-CN'], fakeSmiEnv('h200-x2'))
    expect(zh.stdout).toContain('原生支持')
    expect(zh.stdout).toMatch(/驱动 580\.159\.04 最高支持 CUDA 13\.0/)
  })

  it('exits 0 with blockers when nothing can run (T4 on driver 418)', async () => {
    const r = await runBuiltCli(['recommend', '--from-smi', fixture('public/A/tesla-t4-x4-418.67-no-procs.txt'), '--json'], noSmi)
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.recommendations).toEqual([])
    expect(json.blockers.join(' ')).toMatch(/418\.67.*450\.80\.02/)
  })

  it('says no single image serves Blackwell + Pascal', async () => {
    const r = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GeForce RTX 5090', '--cc', '6.1', '--driver', '580.65.06'], noSmi)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/No single image/)
    expect(r.stdout).toMatch(/sm_61/)
  })

  it('exits 3 when this machine has no GPU information and no what-if was given', async () => {
    const r = await runBuiltCli(['recommend', '--json'], noSmi)
    expect(r.code).toBe(3)
    expect(JSON.parse(r.stdout)).toMatchObject({ recommendations: [], blockers: [expect.stringMatching(/nvidia-smi/)] })
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  it.each([
    [['--cc', '8'], /--cc/],
    [['--driver', 'latest'], /--driver/],
    [['--platform', 'macos'], /--platform/],
    [['--torch', 'two'], /--torch/],
    [['--torch', '2.99'], /2\.0–2\.14/],
    [['--gpu', 'RTX 6000'], /Quadro RTX 6000 \(7\.5\).*RTX 6000 Ada Generation \(8\.9\)/],
    [['--gpu', 'Radeon RX 7900'], /--cc/],
    [['--from-smi', '/nonexistent/smi.txt'], /no such file/],
    [['--frobnicate'], /frobnicate/],
  ])('exits 2 on %j', async (args, message) => {
    const r = await runBuiltCli(['recommend', ...args], noSmi)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('--cc 99.9 is refused as a usage error listing the known capabilities; a 10,000-character --gpu is not echoed whole', async () => {
    const cc = await runBuiltCli(['recommend', '--cc', '99.9'], noSmi)
    expect(cc.code).toBe(2)
    expect(cc.stdout).toBe('')
    expect(cc.stderr).toMatch(/--cc 99\.9 is not a compute capability of any NVIDIA GPU .*known: .*8\.6.*12\.0/)
    const long = `H100 ${'x'.repeat(10_000)}`
    const gpu = await runBuiltCli(['recommend', '--gpu', long], noSmi)
    expect(gpu.code).toBe(2)
    expect(gpu.stderr.length).toBeLessThan(400)
    expect(gpu.stderr).toContain('…')
  })
})

