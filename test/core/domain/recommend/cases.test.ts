import { describe, expect, it } from 'vitest'

import { resolveGpuName } from '../../../../src/core/knowledge/compat/gpu-names'
import { rateImage } from '../../../../src/core/domain/recommend/rate-image'
import { recommend } from '../../../../src/core/domain/recommend/recommend'
import type { RecommendInput } from '../../../../src/core/domain/recommend/types'
import type { Recommendation } from '../../../../src/shared/recommend'

// Expected verdicts come from shared/reference/compat-matrix.md, not from running the engine:
// §2 (arch lists per variant), §3a/§3b (driver per CUDA, minor-version floors: 11.x ≥450.80.02,
// 12.x ≥525.60.13 Linux / ≥528.33 Windows, 13.x ≥580), §6 R1–R3 (the pick rule and its worked
// table: "Pascal, R535 → 2.7.1 cu118; ≥R560 → cu126; Volta ≥R570 → cu126; Blackwell R570 →
// 2.11.0 cu128; ≥R580 → cu130, cu132 via minor-version; Blackwell < R570 → none").

const OFFICIAL = 'pytorch/pytorch:'

interface Case {
  name: string
  input: RecommendInput
  /** The first recommendation's image and compatibility. */
  pick?: { image: string; compatibility: Recommendation['compatibility'] }
  /** Text the pick's reasons must contain (driver, arch). */
  pickReasons?: RegExp[]
  /** Images that must appear among the alternatives, with their compatibility. */
  alternatives?: Array<{ image: string; compatibility: Recommendation['compatibility'] }>
  /** No recommendation may use an image matching this. */
  never?: RegExp
  /** Nothing runs: the list is empty and the blockers say why. */
  blockers?: RegExp[]
}

const gpu = (name: string) => ({ name })

const CASES: Case[] = [
  {
    name: 'Pascal GTX 1080 on driver 470: only CUDA 11.x images, through minor-version compatibility',
    input: { gpus: [gpu('NVIDIA GeForce GTX 1080')], driverVersion: '470.256.02' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'minor-version' },
    pickReasons: [/470\.256\.02/, /11\.4/, /minor-version/i, /PTX/],
    never: /cuda1[23]\./,
  },
  {
    name: 'Tesla P100 on driver 535: 2.7.1 cu118 native, 2.14 cu126 via minor-version',
    input: { gpus: [gpu('Tesla P100-PCIE-16GB')], driverVersion: '535.104.05' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/535\.104\.05/, /12\.2/, /sm_60/],
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
    never: /cuda13\./,
  },
  {
    name: 'Pascal GTX 1080 on driver 580: 2.14 cu126, because CUDA 13 images have no sm_61 code',
    input: { gpus: [gpu('NVIDIA GeForce GTX 1080')], driverVersion: '580.65.06' },
    pick: { image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_61/, /13\.0/],
    never: /pytorch\/pytorch:.*cuda1[23]\.[89]|pytorch\/pytorch:.*cuda13/,
  },
  {
    name: 'Turing laptop on driver 535: 2.7.1 cu118 native',
    input: { gpus: [gpu('NVIDIA GeForce RTX 2060 Laptop GPU')], driverVersion: '535.183.01' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/535\.183\.01/, /sm_75/],
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
    never: /cuda13\./,
  },
  {
    name: 'Ampere laptop on driver 525 (CUDA 12.0): cu118 native, every 12.x image only via minor-version',
    input: { gpus: [gpu('NVIDIA RTX A2000 Laptop GPU')], driverVersion: '525.147.05' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/525\.147\.05/, /12\.0/, /sm_86/],
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
  },
  {
    name: 'Ada RTX 4090 on driver 550: 2.7.1 cu118 native, running the sm_86 code',
    input: { gpus: [gpu('NVIDIA GeForce RTX 4090')], driverVersion: '550.127.05' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_89/, /sm_86/, /550\.127\.05/],
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
  },
  {
    name: 'Hopper H100 on driver 535: 2.7.1 cu118 native',
    input: { gpus: [gpu('NVIDIA H100 80GB HBM3')], driverVersion: '535.129.03' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_90/, /535\.129\.03/],
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
  },
  {
    name: 'Hopper H100 on driver 580: 2.14 cu130 native, cu132 via 13.x minor-version, NGC 25.09',
    input: { gpus: [gpu('NVIDIA H100 80GB HBM3')], driverVersion: '580.65.06' },
    pick: { image: `${OFFICIAL}2.14.1-cuda13.0-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/580\.65\.06/, /13\.0/],
    alternatives: [
      { image: `${OFFICIAL}2.14.1-cuda13.2-cudnn9-runtime`, compatibility: 'minor-version' },
      { image: 'nvcr.io/nvidia/pytorch:25.09-py3', compatibility: 'native' },
      { image: `${OFFICIAL}2.14.1-cuda13.0-cudnn9-devel`, compatibility: 'native' },
    ],
  },
  {
    name: 'Volta V100 on driver 575: 2.14 cu126 (no CUDA 13 image has sm_70)',
    input: { gpus: [gpu('Tesla V100-SXM2-16GB')], driverVersion: '575.57.08' },
    pick: { image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_70/],
    never: /pytorch\/pytorch:.*cuda13/,
  },
  {
    name: 'Blackwell RTX 5090 on driver 570: 2.11.0 cu128 native',
    input: { gpus: [gpu('NVIDIA GeForce RTX 5090')], driverVersion: '570.195.03' },
    pick: { image: `${OFFICIAL}2.11.0-cuda12.8-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_120/, /570\.195\.03/, /12\.8/],
    never: /cuda12\.6|cuda13/,
  },
  {
    name: 'Blackwell RTX 5090 on driver 560: nothing runs, driver 570 needed',
    input: { gpus: [gpu('NVIDIA GeForce RTX 5090')], driverVersion: '560.35.03' },
    blockers: [/570/, /560\.35\.03/, /Blackwell/],
  },
  {
    name: 'Mixed Ampere + Pascal on driver 580: the Pascal card holds the box to 2.14 cu126',
    input: { gpus: [gpu('NVIDIA A100-SXM4-80GB'), gpu('NVIDIA GeForce GTX 1080 Ti')], driverVersion: '580.95.05' },
    pick: { image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/GTX 1080 Ti/, /sm_61/],
    never: /pytorch\/pytorch:.*cuda13/,
  },
  {
    name: 'Mixed Ampere + Pascal on driver 535: 2.7.1 cu118 serves both',
    input: { gpus: [gpu('NVIDIA GeForce RTX 3090'), gpu('Tesla P40')], driverVersion: '535.104.05' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
  },
  {
    name: 'Mixed Blackwell + Pascal: no single image has code for both',
    input: { gpus: [gpu('NVIDIA GeForce RTX 5090'), gpu('NVIDIA GeForce GTX 1080')], driverVersion: '580.65.06' },
    blockers: [/sm_61/, /sm_120/, /one image|single image/i, /device=/],
  },
  {
    name: 'T4 on driver 418 (CUDA 10.1): nothing runs',
    input: { gpus: [gpu('Tesla T4')], driverVersion: '418.67' },
    blockers: [/418\.67/, /10\.1/, /450\.80\.02/],
  },
  {
    name: 'Windows 527.56 (CUDA 12.0): below the Windows 12.x minor-version floor 528.33, so no 12.1+ image',
    input: { gpus: [gpu('NVIDIA GeForce RTX 3090')], driverVersion: '527.56', platform: 'windows' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    never: /cuda12\./,
  },
  {
    name: 'The same driver number read as Linux allows 12.x through minor-version compatibility',
    input: { gpus: [gpu('NVIDIA GeForce RTX 3090')], driverVersion: '527.56', platform: 'linux' },
    pick: { image: `${OFFICIAL}2.7.1-cuda11.8-cudnn9-runtime`, compatibility: 'native' },
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'minor-version' }],
  },
  {
    name: 'Windows 591.86 reporting CUDA 13.1 (WSL2/Docker Desktop): 2.14 cu130 native',
    input: { gpus: [gpu('NVIDIA GeForce RTX 2080 SUPER')], driverVersion: '591.86', highestCuda: '13.1', platform: 'windows' },
    pick: { image: `${OFFICIAL}2.14.1-cuda13.0-cudnn9-runtime`, compatibility: 'native' },
    alternatives: [{ image: `${OFFICIAL}2.14.1-cuda13.2-cudnn9-runtime`, compatibility: 'minor-version' }],
  },
  {
    name: 'Pitfall: GeForce GTX TITAN X is Maxwell 5.2, served by cu126 only',
    input: { gpus: [gpu('GeForce GTX TITAN X')], driverVersion: '580.65.06' },
    pick: { image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_52/, /sm_50/],
  },
  {
    name: 'Pitfall: Quadro RTX 6000 is Turing 7.5, so CUDA 13 images serve it',
    input: { gpus: [gpu('Quadro RTX 6000')], driverVersion: '580.65.06' },
    pick: { image: `${OFFICIAL}2.14.1-cuda13.0-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_75/],
  },
  {
    name: 'Pitfall: RTX 6000 Ada on driver 560 is fine with cu126…',
    input: { gpus: [gpu('NVIDIA RTX 6000 Ada Generation')], driverVersion: '560.35.03' },
    pick: { image: `${OFFICIAL}2.14.1-cuda12.6-cudnn9-runtime`, compatibility: 'native' },
    pickReasons: [/sm_89/],
  },
  {
    name: '…but RTX PRO 6000 Blackwell on the same driver has nothing',
    input: { gpus: [gpu('NVIDIA RTX PRO 6000 Blackwell Workstation Edition')], driverVersion: '560.35.03' },
    blockers: [/570/, /Blackwell/],
  },
  {
    name: 'Pitfall: a bare "RTX 6000" is not guessed',
    input: { gpus: [gpu('RTX 6000')], driverVersion: '580.65.06' },
    blockers: [/Quadro RTX 6000.*7\.5/, /Ada.*8\.9/, /PRO 6000 Blackwell.*12\.0/],
  },
]

describe('recommend: verdicts from the compatibility matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = recommend(c.input)
    const images = result.recommendations.map((r) => r.image)
    if (c.blockers) {
      expect(result.recommendations).toEqual([])
      const text = (result.blockers ?? []).join('\n')
      for (const re of c.blockers) expect(text).toMatch(re)
      return
    }
    expect(result.blockers).toBeUndefined()
    const [first] = result.recommendations
    expect(first).toBeDefined()
    if (c.pick) expect({ image: first!.image, compatibility: first!.compatibility }).toEqual(c.pick)
    for (const re of c.pickReasons ?? []) expect(first!.reasons.join('\n')).toMatch(re)
    for (const alt of c.alternatives ?? []) {
      const found = result.recommendations.slice(1).find((r) => r.image === alt.image)
      expect(found, `${alt.image} among ${images.join(', ')}`).toBeDefined()
      expect(found!.compatibility).toBe(alt.compatibility)
    }
    if (c.never) for (const image of images) expect(image).not.toMatch(c.never)
    for (const r of result.recommendations) expect(r.compatibility).not.toBe('incompatible')
  })
})

describe('recommend: what a user copies and reads', () => {
  it('gives exact docker pull and docker run lines', () => {
    const [pick] = recommend({ gpus: [{ computeCapability: '9.0' }], driverVersion: '580.65.06' }).recommendations
    expect(pick!.pull).toBe('docker pull pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime')
    expect(pick!.run).toBe(
      'docker run --gpus all --rm -it pytorch/pytorch:2.14.1-cuda13.0-cudnn9-runtime python -c "import torch; print(torch.cuda.is_available())"',
    )
    expect(pick).toMatchObject({ pytorch: '2.14.1', cuda: '13.0', cudnn: '9.24.0.43', variant: 'runtime' })
  })

  it('shows the [S] mark: official tags are attested by use, not read from Docker Hub', () => {
    const [pick] = recommend({ gpus: [{ computeCapability: '9.0' }], driverVersion: '580.65.06' }).recommendations
    expect(pick!.confidence).toBe('S')
    expect(pick!.reasons.join('\n')).toMatch(/\[S\]/)
  })

  it('-devel has the wheel\'s arch list (built from the `official` stage like -runtime): no caveat for a Pascal card', () => {
    const result = recommend({ gpus: [{ name: 'Tesla P100-PCIE-16GB' }], driverVersion: '580.65.06', variant: 'devel' })
    const [pick] = result.recommendations
    expect(pick!.image).toBe('pytorch/pytorch:2.14.1-cuda12.6-cudnn9-devel')
    expect(pick!.variant).toBe('devel')
    expect(pick!.confidence).not.toBe('U')
    expect(pick!.reasons.join('\n')).not.toMatch(/get_arch_list/)
    const runtime = recommend({ gpus: [{ name: 'Tesla P100-PCIE-16GB' }], driverVersion: '580.65.06' }).recommendations[0]!
    expect(pick!.confidence).toBe(runtime.confidence)
  })

  it('puts NGC first with the NGC preference', () => {
    const [pick] = recommend({ gpus: [{ name: 'NVIDIA H200' }], driverVersion: '580.159.04', ngc: true }).recommendations
    expect(pick!.image).toBe('nvcr.io/nvidia/pytorch:25.09-py3')
    expect(pick!.pytorch).toBe('2.9.0a0+50eac811a6')
  })

  it('honours a PyTorch pin', () => {
    const [pick] = recommend({ gpus: [{ name: 'NVIDIA H200' }], driverVersion: '580.159.04', torch: '2.8' }).recommendations
    expect(pick!.image).toBe('pytorch/pytorch:2.8.0-cuda12.9-cudnn9-runtime')
    expect(pick!.compatibility).toBe('native')
  })

  it('says why a pin cannot run and what would', () => {
    const result = recommend({ gpus: [{ name: 'NVIDIA GeForce RTX 5090' }], driverVersion: '570.195.03', torch: '2.6' })
    expect(result.recommendations).toEqual([])
    expect(result.blockers!.join('\n')).toMatch(/2\.6.*sm_120|sm_120.*2\.6/)
    expect(result.blockers!.join('\n')).toMatch(/2\.11\.0-cuda12\.8/)
  })

  it('without a driver, assumes a current one and says so', () => {
    const result = recommend({ gpus: [{ name: 'NVIDIA H200' }] })
    expect(result.recommendations[0]!.image).toBe('pytorch/pytorch:2.14.1-cuda13.2-cudnn9-runtime')
    expect(result.recommendations[0]!.reasons.join('\n')).toMatch(/--driver/)
    expect(result.input.driverVersion).toBeNull()
  })

  it('echoes the input it used', () => {
    const result = recommend({ gpus: [{ name: 'NVIDIA GeForce GTX 1080', computeCapability: null }], driverVersion: '535.104.05' })
    expect(result.input).toMatchObject({
      gpus: [{ name: 'NVIDIA GeForce GTX 1080', computeCapability: '6.1', source: 'name' }],
      driverVersion: '535.104.05',
      highestCuda: '12.2',
      highestCudaSource: 'driver-table',
      platform: 'linux',
      variant: 'runtime',
      torch: null,
      ngc: false,
    })
  })

  it('asks for --cc on a GPU name it does not know', () => {
    const result = recommend({ gpus: [{ name: 'Moore Threads MTT S80' }], driverVersion: '580.65.06' })
    expect(result.recommendations).toEqual([])
    expect(result.blockers!.join('\n')).toMatch(/MTT S80.*--cc/)
  })
})

describe('GPU names → compute capability (the pitfalls)', () => {
  it.each([
    ['GeForce GTX TITAN X', '5.2'],
    ['NVIDIA GeForce GTX TITAN X', '5.2'],
    ['NVIDIA TITAN X (Pascal)', '6.1'],
    ['NVIDIA TITAN X', '6.1'],
    ['NVIDIA TITAN Xp', '6.1'],
    ['GeForce GTX TITAN', '3.5'],
    ['Quadro RTX 6000', '7.5'],
    ['NVIDIA RTX 6000 Ada Generation', '8.9'],
    ['NVIDIA RTX 6000 Ada Gene...', '8.9'],
    ['NVIDIA RTX PRO 6000 Blackwell Workstation Edition', '12.0'],
    ['NVIDIA RTX PRO 6000 Blac...', '12.0'],
    ['NVIDIA RTX A6000', '8.6'],
    ['GeForce GTX 960M', '5.0'],
    ['GeForce GTX 960', '5.2'],
    ['NVIDIA GeForce RTX 2080 ...', '7.5'],
    ['Tesla P100-PCIE-16GB', '6.0'],
    ['Tesla P4', '6.1'],
    ['NVIDIA GB10', '12.1'],
    ['NVIDIA B300 SXM6 AC', '10.3'],
    ['NVIDIA GH200 480GB', '9.0'],
  ])('%s → %s', (name, cc) => {
    const resolved = resolveGpuName(name)
    expect(resolved.kind).toBe('ok')
    expect(resolved.kind === 'ok' && resolved.cc).toBe(cc)
  })

  it.each([['RTX 6000'], ['NVIDIA RTX 6000'], ['RTX 4000'], ['GeForce GTX TITAN...']])('%s is ambiguous', (name) => {
    expect(resolveGpuName(name).kind).toBe('ambiguous')
  })
})

describe('rateImage: images already on disk', () => {
  const v100 = { gpus: [{ name: 'Tesla V100-SXM2-16GB' }], driverVersion: '575.57.08' }

  it('rates a pytorch/pytorch tag: 2.7.1 cu128 has no sm_70', () => {
    const r = rateImage({ repoTags: ['pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime'], env: [] }, v100)
    expect(r?.compatibility).toBe('incompatible')
    expect(r?.reasons.join('\n')).toMatch(/sm_70/)
  })

  it('rates an older patch tag that is not in the recommendation list', () => {
    const r = rateImage('docker.io/pytorch/pytorch:2.4.0-cuda12.1-cudnn9-devel', v100)
    expect(r).toMatchObject({ pytorch: '2.4.0', cuda: '12.1.1', variant: 'devel', compatibility: 'native' })
  })

  it('rates the same image as minor-version on an older driver, naming the driver', () => {
    const r = rateImage({ repoTags: ['pytorch/pytorch:2.14.1-cuda12.6-cudnn9-runtime'], env: [] }, { ...v100, driverVersion: '535.104.05' })
    expect(r?.compatibility).toBe('minor-version')
    expect(r?.reasons.join('\n')).toMatch(/535\.104\.05/)
  })

  it('rates Windows 12.x below 528.33 as incompatible', () => {
    const r = rateImage('pytorch/pytorch:2.14.1-cuda12.6-cudnn9-runtime', {
      gpus: [{ name: 'NVIDIA GeForce RTX 3090' }],
      driverVersion: '527.56',
      platform: 'windows',
    })
    expect(r?.compatibility).toBe('incompatible')
    expect(r?.reasons.join('\n')).toMatch(/528\.33/)
  })

  it('rates an NGC image by its tag', () => {
    const r = rateImage({ repoTags: ['nvcr.io/nvidia/pytorch:25.01-py3'], env: [] }, { gpus: [{ name: 'NVIDIA H100 PCIe' }], driverVersion: '550.54.15' })
    expect(r?.compatibility).toBe('minor-version')
    expect(r?.pytorch).toBe('2.6.0a0+ecf3bae40a')
  })

  it('rates a custom image from its environment (CUDA_VERSION, TORCH_CUDA_ARCH_LIST)', () => {
    const r = rateImage(
      { repoTags: ['acme/train:latest'], env: ['PATH=/usr/bin', 'CUDA_VERSION=12.4.1', 'PYTORCH_VERSION=2.5.1', 'TORCH_CUDA_ARCH_LIST=8.0 8.6 9.0+PTX'] },
      { gpus: [{ name: 'Tesla T4' }], driverVersion: '580.65.06' },
    )
    expect(r?.compatibility).toBe('incompatible')
    expect(r?.reasons.join('\n')).toMatch(/sm_75/)
  })

  it('returns null for an image with nothing PyTorch or CUDA about it', () => {
    expect(rateImage({ repoTags: ['ubuntu:24.04'], env: ['PATH=/usr/bin'] }, v100)).toBeNull()
  })
})

describe('capabilities no GPU has, and picks that run only through PTX', () => {
  it('a typed compute capability no NVIDIA GPU has (99.9) is a blocker, not a rating', () => {
    const result = recommend({ gpus: [{ computeCapability: '99.9' }], driverVersion: '580.65.06' })
    expect(result.recommendations).toEqual([])
    expect((result.blockers ?? []).join('\n')).toMatch(/Compute capability 99\.9 belongs to no NVIDIA GPU.*known: .*9\.0.*12\.0/)
  })

  it('a GPU read from nvidia-smi whose architecture has only PTX in the build is never "native"', () => {
    const result = recommend({ gpus: [{ name: 'NVIDIA Future GPU', computeCapability: '99.9' }], driverVersion: '580.65.06' })
    expect(result.recommendations.length).toBeGreaterThan(0)
    for (const r of result.recommendations) {
      if (r.reasons.some((text) => /JIT-compiles the compute_\d+ PTX/.test(text))) expect(r.compatibility, r.image).not.toBe('native')
    }
    expect(result.recommendations[0]!.compatibility).toBe('ptx-jit')
    expect(result.recommendations[0]!.reasons[0]).toMatch(/No image has native code for every GPU/)
  })
})
