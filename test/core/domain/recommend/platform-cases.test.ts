import { describe, expect, it } from 'vitest'

import { compatData } from '../../../../src/core/knowledge/compat/data'
import { recommend, recommendDetailed } from '../../../../src/core/domain/recommend/recommend'
import { reasonText } from '../../../../src/core/domain/recommend/reasons'

// The false recommendations of issue 25, each with what its sources say runs there:
// - pytorch/pytorch CUDA images are linux/amd64 only (pytorch/test-infra generate_docker_release_matrix.py);
//   GB10 (DGX Spark), GH200, GB200 and Jetson Thor are aarch64 machines.
// - NGC -py3 releases are multi-arch (amd64 + arm64 SBSA); CUDA-13 ones run on Thor (CUDA 13.0 for Thor blog).
// - Thor's nvidia-smi prints driver 580.00 with CUDA 13.0 (JetPack 7.0 capture); a desktop branch
//   table would read 580.00 as below R580's first build 580.65.06, i.e. CUDA 12.9.
// - R615 ships with CUDA 13.4 GA; 615.71.09 (Linux) and 616.92 (Windows) are R615 builds.

const arm64Only = (images: string[]) => images.every((i) => !i.startsWith('pytorch/pytorch:'))

describe('arm64 machines never get an amd64-only tag', () => {
  it('DGX Spark (GB10) on 580.95.05: an NGC multi-arch release with CUDA ≤ 13.0, and the cu130 aarch64 wheel', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA GB10' }], driverVersion: '580.95.05' })
    expect(r.input).toMatchObject({ cpuArch: 'aarch64', cpuArchSource: 'gpu', highestCuda: '13.0' })
    const images = r.recommendations.map((x) => x.image)
    expect(images.length).toBeGreaterThan(0)
    expect(arm64Only(images)).toBe(true)
    expect(r.recommendations[0]).toMatchObject({ image: 'nvcr.io/nvidia/pytorch:25.09-py3', compatibility: 'native' })
    expect(r.recommendations[0]!.platforms).toContain('linux/arm64')
    expect(r.recommendations[0]!.reasons.join('\n')).toMatch(/linux\/amd64 only/)
    expect(r.wheel).toMatchObject({ cudaTag: 'cu130', indexUrl: 'https://download.pytorch.org/whl/cu130' })
    expect(r.wheel!.archList).toMatch(/12\.0/)
  })

  it('GH200 with the driver unknown: the newest NGC release, never a -cuda13.2- pytorch/pytorch tag', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA GH200 480GB' }] })
    expect(r.input.cpuArch).toBe('aarch64')
    const images = r.recommendations.map((x) => x.image)
    expect(images).toEqual([`nvcr.io/nvidia/pytorch:${compatData().images.ngc.releases.at(-1)!.tag}`])
    expect(images.join(' ')).not.toMatch(/cuda13\.2/)
  })

  it('GB200 is aarch64, B200 stays x86_64', () => {
    expect(recommend({ gpus: [{ name: 'NVIDIA GB200' }] }).input.cpuArch).toBe('aarch64')
    const b200 = recommend({ gpus: [{ name: 'NVIDIA B200' }] })
    expect(b200.input).toMatchObject({ cpuArch: 'x86_64', cpuArchSource: 'assumed' })
    expect(b200.recommendations[0]!.image).toMatch(/^pytorch\/pytorch:/)
    expect(b200.wheel).toBeUndefined()
  })

  it('--arch aarch64 on a GPU sold in both kinds of machine (L40S) also drops the amd64-only tags', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA L40S' }], driverVersion: '580.95.05', cpuArch: 'aarch64', cpuArchSource: 'flag' })
    expect(r.input.cpuArchSource).toBe('flag')
    expect(arm64Only(r.recommendations.map((x) => x.image))).toBe(true)
    expect(r.recommendations.length).toBeGreaterThan(0)
  })

  it('an arm64 machine whose driver runs no NGC release says so, and why', () => {
    const r = recommendDetailed({ gpus: [{ name: 'NVIDIA GH200 480GB' }], driverVersion: '470.256.02' })
    expect(r.recommendations).toEqual([])
    const text = r.blockers.map(reasonText).join('\n')
    expect(text).toMatch(/linux\/amd64 only/)
    expect(text).toMatch(/470\.256\.02/)
    expect(r.wheel).toBeNull()
  })
})

describe('Jetson', () => {
  it('Thor as nvidia-smi reports it (580.00, CUDA 13.0): an NGC CUDA 13.0 release runs natively', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA Thor', computeCapability: '11.0' }], driverVersion: '580.00', highestCuda: '13.0' })
    expect(r.input).toMatchObject({ highestCuda: '13.0', highestCudaSource: 'nvidia-smi', jetson: 'thor', cpuArch: 'aarch64' })
    expect(r.recommendations[0]).toMatchObject({ image: 'nvcr.io/nvidia/pytorch:25.09-py3', compatibility: 'native' })
    expect(r.recommendations.every((x) => x.image.startsWith('nvcr.io/nvidia/pytorch:'))).toBe(true)
    // Nothing that needs a driver newer than Thor's CUDA 13.0.
    for (const x of r.recommendations) expect(x.cuda).toMatch(/^13\.0/)
    expect(r.wheel?.archList).toMatch(/11\.0/)
  })

  it('Thor as a what-if (--gpu "NVIDIA Thor" --driver 580.00): the branch, not the desktop first build, gives CUDA 13.0', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA Thor' }], driverVersion: '580.00' })
    expect(r.input.highestCuda).toBe('13.0')
    expect(r.recommendations[0]).toMatchObject({ image: 'nvcr.io/nvidia/pytorch:25.09-py3', compatibility: 'native' })
    expect(r.blockers).toBeUndefined()
  })

  it('Orin: says plainly that nothing in the tables is known to run, with its JetPack → CUDA', () => {
    const r = recommendDetailed({ gpus: [{ name: 'Orin (nvgpu)' }] })
    expect(r.recommendations).toEqual([])
    expect(r.wheel).toBeNull()
    const text = r.blockers.map(reasonText).join('\n')
    expect(text).toMatch(/No image or wheel .* known to run on Orin/)
    expect(text).toMatch(/JetPack 6\.0 \(L4T 36\.3\) ships CUDA 12\.2/)
  })
})

describe('R615 (CUDA 13.4)', () => {
  it('615.71.09 on Linux and 616.92 on Windows report CUDA 13.4, not "up to 13.3"', () => {
    for (const [driverVersion, platform] of [['615.71.09', 'linux'], ['616.92', 'windows']] as const) {
      const r = recommendDetailed({ gpus: [{ name: 'NVIDIA GeForce RTX 5090' }], driverVersion, platform })
      expect(r.input.highestCuda).toBe('13.4')
      expect(r.recommendations[0]!.recommendation).toMatchObject({ compatibility: 'native' })
      expect(r.recommendations[0]!.recommendation.image).toMatch(/^pytorch\/pytorch:2\.14\.1-cuda13\.2-/)
      // The branch's first build is not in a source: the verdict says so.
      expect(r.recommendations[0]!.recommendation.confidence).not.toBe('P')
    }
  })
})

describe('tables as of', () => {
  it('every answer carries the date of the tables and what they may miss', () => {
    const r = recommend({ gpus: [{ name: 'NVIDIA GeForce RTX 4090' }] })
    expect(r.tables!.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(r.tables!.text).toMatch(new RegExp(`Tables as of ${r.tables!.asOf}`))
    expect(r.tables!.text).toMatch(/came out after that date is not in them/)
    expect(r.tables!.mayMiss).toEqual(expect.arrayContaining(['pytorch', 'ngc', 'gpus']))
  })
})

describe('a PyTorch pin on an arm64 machine', () => {
  it('says no arm64 image in the tables is known to carry it, and why, rather than offering an amd64 tag', () => {
    // NGC 25.06/25.08 carry 2.8 builds; no NGC release in the tables names 2.12 (26.03+ do not state theirs).
    const pinned = recommend({ gpus: [{ name: 'NVIDIA GH200 480GB' }], torch: '2.8' })
    expect(pinned.recommendations[0]!.image).toMatch(/^nvcr\.io\/nvidia\/pytorch:25\.0[68]-py3$/)
    const r = recommendDetailed({ gpus: [{ name: 'NVIDIA GH200 480GB' }], torch: '2.12' })
    expect(r.recommendations).toEqual([])
    const text = r.blockers.map(reasonText).join('\n')
    expect(text).toMatch(/No image in GPU Doctor's tables for linux\/arm64 is known to carry PyTorch 2\.12/)
    expect(text).toMatch(/linux\/amd64 only/)
  })
})
