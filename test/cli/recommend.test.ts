import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { RecommendResultSchema } from '../../src/shared/recommend'
import { runBuiltCli } from '../helpers/cli'
import { fakeSmiEnv } from '../helpers/fake-smi'
import { hangingEngine } from '../helpers/hanging-docker'

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
      ['compatibility', 'confidence', 'cuda', 'cudnn', 'image', 'platforms', 'pull', 'pytorch', 'reasonCodes', 'reasons', 'run', 'variant'].sort(),
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

  it('on an engine that cannot start GPU containers, says so and puts the toolkit before docker run --gpus all (text, zh, JSON)', async () => {
    // Answers /version and /info like Docker 26 with runc only and no CDI specs.
    const engine = await hangingEngine('after-ping')
    try {
      const env = fakeSmiEnv('h200-x2', engine.env)
      const en = await runBuiltCli(['recommend'], env)
      expect(en.code).toBe(0)
      expect(en.stdout).toMatch(/This Docker engine cannot start GPU containers yet[\s\S]*nvidia-container-toolkit/)
      const setupAt = en.stdout.indexOf('cannot start GPU containers')
      expect(setupAt).toBeLessThan(en.stdout.indexOf('$ docker run --gpus all'))
      expect(en.stdout.slice(setupAt)).toMatch(/\$ sudo apt-get update && sudo apt-get install -y nvidia-container-toolkit/)
      const zh = await runBuiltCli(['recommend', '--lang', 'zh-CN'], env)
      expect(zh.stdout).toContain('这个 Docker 引擎还不能启动 GPU 容器')
      const json = RecommendResultSchema.parse(JSON.parse((await runBuiltCli(['recommend', '--json'], env)).stdout))
      expect(json.engineGpuSetup?.commands.join('\n')).toContain('nvidia-container-toolkit')
      // A what-if machine is not this one: its engine is not asked about.
      const whatIf = await runBuiltCli(['recommend', '--gpu', 'NVIDIA H200', '--driver', '580.65.06'], env)
      expect(whatIf.stdout).not.toContain('cannot start GPU containers')
    } finally {
      await engine.close()
    }
  })

  it('answers for this machine, in English and Chinese', async () => {
    const en = await runBuiltCli(['recommend'], fakeSmiEnv('h200-x2', { DOCKER_HOST: 'unix:///nonexistent/docker.sock' }))
    expect(en.stdout).not.toContain('cannot start GPU containers')
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

  it('DGX Spark (--gpu "NVIDIA GB10" --driver 580.95.05): an arm64 image and the aarch64 wheel, never an amd64-only tag; tables dated, in both languages', async () => {
    const r = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GB10', '--driver', '580.95.05', '--json'], noSmi)
    expect(r.code).toBe(0)
    const json = RecommendResultSchema.parse(JSON.parse(r.stdout))
    expect(json.input).toMatchObject({ cpuArch: 'aarch64', cpuArchSource: 'gpu' })
    expect(json.recommendations.map((x) => x.image).join(' ')).not.toMatch(/pytorch\/pytorch:/)
    expect(json.recommendations[0]!.platforms).toContain('linux/arm64')
    expect(json.wheel).toMatchObject({ install: expect.stringMatching(/--index-url https:\/\/download\.pytorch\.org\/whl\/cu130$/) })
    expect(json.tables!.text).toMatch(/^Tables as of \d{4}-\d{2}-\d{2}/)
    const en = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GB10', '--driver', '580.95.05'], noSmi)
    expect(en.stdout).toMatch(/CPU: aarch64 \(implied by the GPU\)/)
    expect(en.stdout).toMatch(/linux\/amd64 only/)
    expect(en.stdout).toMatch(/\$ pip install torch==[\d.]+ --index-url https:\/\/download\.pytorch\.org\/whl\/cu130/)
    expect(en.stdout).toMatch(/Tables as of \d{4}-\d{2}-\d{2} \(newest known: PyTorch/)
    const zh = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GB10', '--driver', '580.95.05', '--lang', 'zh-CN'], noSmi)
    expect(zh.stdout).toMatch(/数据表截至 \d{4}-\d{2}-\d{2}/)
    expect(zh.stdout).toMatch(/只为 linux\/amd64 构建/)
  })

  it('GH200 (Grace) on a CUDA 12 driver: the Arm CUDA 12 wheel its driver runs, from PyTorch\'s build configuration; none below CUDA 12.6', async () => {
    const r570 = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GH200 480GB', '--driver', '570.86.15', '--json'], noSmi)
    expect(r570.code).toBe(0)
    const json = RecommendResultSchema.parse(JSON.parse(r570.stdout))
    expect(json.input).toMatchObject({ cpuArch: 'aarch64', cpuArchSource: 'gpu' })
    // pinned aarch64_ci_build.sh: CUDA 12.8 on aarch64 builds 8.0;9.0;10.0;12.0 (sm_90 for the GH200)
    expect(json.wheel).toMatchObject({ cudaTag: 'cu128', cuda: '12.8', archList: '8.0;9.0;10.0;12.0', confidence: 'S' })
    expect(json.wheel!.install).toMatch(/^pip install torch==2\.9\.\d+ --index-url https:\/\/download\.pytorch\.org\/whl\/cu128$/)
    const r560 = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GH200 480GB', '--driver', '560.35.03', '--json'], noSmi)
    expect(JSON.parse(r560.stdout).wheel).toMatchObject({ cudaTag: 'cu126', archList: '8.0;9.0' })
    const en = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GH200 480GB', '--driver', '570.86.15'], noSmi)
    expect(en.stdout).toMatch(/\[S\] pip wheel for Linux aarch64: torch 2\.9\.\d+ \(cu128, CUDA 12\.8\), kernels for 8\.0;9\.0;10\.0;12\.0\./)
    expect(en.stdout).toMatch(/\$ pip install torch==2\.9\.\d+ --index-url https:\/\/download\.pytorch\.org\/whl\/cu128/)
    // a driver for CUDA 12.4: no Arm wheel in the tables runs on it, and none is offered
    const r550 = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GH200 480GB', '--driver', '550.54.15', '--json'], noSmi)
    expect(JSON.parse(r550.stdout).wheel ?? null).toBeNull()
  })

  it('--arch arm64 on an x86-or-Arm GPU drops amd64-only tags; a bad --arch is a usage error', async () => {
    const r = await runBuiltCli(['recommend', '--gpu', 'NVIDIA L40S', '--driver', '580.95.05', '--arch', 'arm64', '--json'], noSmi)
    const json = JSON.parse(r.stdout)
    expect(json.input).toMatchObject({ cpuArch: 'aarch64', cpuArchSource: 'flag' })
    expect(json.recommendations[0].image).toMatch(/^nvcr\.io\/nvidia\/pytorch:/)
    const bad = await runBuiltCli(['recommend', '--gpu', 'NVIDIA L40S', '--arch', 'ppc64le'], noSmi)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--arch must be x86_64 \(amd64\) or aarch64 \(arm64\), got "ppc64le"/)
  })

  it('--check: each recommended tag is found (for this machine\'s platform) or says why it was not checked', async () => {
    const r = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GB10', '--driver', '580.95.05', '--check', '--json'], noSmi)
    expect(r.code).toBe(0)
    const json = RecommendResultSchema.parse(JSON.parse(r.stdout))
    expect(json.checks!.map((c) => c.image)).toEqual(json.recommendations.map((x) => x.image))
    for (const c of json.checks!) {
      expect(c.platform).toBe('linux/arm64')
      // With no network (this machine) the reason is offline; with network (CI may have it) the tag is there for arm64.
      if (c.status === 'found') expect(c.runsHere).toBe(true)
      else expect(c).toMatchObject({ status: 'not-checked', detail: expect.stringMatching(/could not be resolved|refused|did not answer|could not be reached/) })
    }
    const text = await runBuiltCli(['recommend', '--gpu', 'NVIDIA GB10', '--driver', '580.95.05', '--check'], noSmi)
    expect(text.stdout).toMatch(/Registry check:\n {2}- nvcr\.io\/nvidia\/pytorch:[\d.]+-py3: (?:in the registry, for .*linux\/arm64|not checked, because )/)
  }, 60_000)
})

describe('gpu-doctor recommend on machines the name table did not describe', () => {
  const ask = async (...args: string[]) => {
    const r = await runBuiltCli(['recommend', ...args, '--json'], noSmi)
    expect(r.code, r.stderr).toBe(0)
    return RecommendResultSchema.parse(JSON.parse(r.stdout))
  }

  it("a GeForce card on a driver older than the card is not native: NVIDIA's list names the RTX 5060 first in 570.158.01", async () => {
    const old = await ask('--gpu', 'NVIDIA GeForce RTX 5060', '--driver', '570.133.07')
    expect(old.recommendations).toEqual([])
    expect(old.blockerCodes).toEqual([expect.objectContaining({ code: 'block.driverOlderThanGpu', vars: expect.objectContaining({ minimum: '570.158.01' }) })])
    const current = await ask('--gpu', 'NVIDIA GeForce RTX 5060', '--driver', '570.158.01')
    expect(current.recommendations[0]).toMatchObject({ compatibility: 'native' })
  }, 60_000)

  it('a GPU whose architecture the branch dropped is not native: Pascal on R590, but fine on R580', async () => {
    const dropped = await ask('--gpu', 'NVIDIA GeForce GTX 1080', '--driver', '590.48.01')
    expect(dropped.recommendations).toEqual([])
    expect(dropped.blockers!.join('\n')).toMatch(/no longer supports Pascal GPUs .* R580 is the last branch/)
    const legacy = await ask('--gpu', 'NVIDIA GeForce GTX 1080', '--driver', '580.126.09')
    expect(legacy.recommendations[0]).toMatchObject({ compatibility: 'native' })
  }, 60_000)

  it('a Grace Blackwell (GB300) server is aarch64: no amd64-only image is offered', async () => {
    const json = await ask('--gpu', 'NVIDIA GB300', '--driver', '580.95.05')
    expect(json.input.cpuArch).toBe('aarch64')
    expect(json.recommendations.length).toBeGreaterThan(0)
    for (const r of json.recommendations) expect(r.platforms, r.image).toContain('linux/arm64')
  }, 60_000)

  it('a Jetson Thor under its module name (Jetson T5000) gets the image its other names get', async () => {
    const byModule = await ask('--gpu', 'Jetson T5000', '--driver', '580.00')
    const byName = await ask('--gpu', 'NVIDIA Thor', '--driver', '580.00')
    expect(byModule.input.jetson).toBe('thor')
    expect(byModule.recommendations.map((r) => r.image)).toEqual(byName.recommendations.map((r) => r.image))
    expect(byModule.recommendations.length).toBeGreaterThan(0)
  }, 60_000)

  it('a PCI device ID or a model only pci.ids names places the GPU (10de:2b85, GeForce RTX 2050 on GA107)', async () => {
    const byId = await ask('--gpu', '10de:2b85', '--driver', '580.95.05')
    expect(byId.input.gpus[0]).toMatchObject({ computeCapability: '12.0' })
    const ampere = await ask('--gpu', 'NVIDIA GeForce RTX 2050', '--driver', '580.95.05')
    expect(ampere.input.gpus[0]).toMatchObject({ computeCapability: '8.6' })
    expect(ampere.recommendations[0]).toMatchObject({ compatibility: 'native' })
  }, 60_000)
})
