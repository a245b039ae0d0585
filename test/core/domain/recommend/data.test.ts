import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { parseArchList } from '../../../../src/core/knowledge/compat/arch-list'
import { parseCompatData } from '../../../../src/core/knowledge/compat/check-data'
import { COMPAT_FILES, compatData } from '../../../../src/core/knowledge/compat/data'
import { checkCompatData } from '../../../../src/core/domain/recommend/data-checks'
import { compareCudaMinor } from '../../../../src/core/knowledge/compat/driver'
import type { CompatData } from '../../../../src/shared/compat-data'

// The files as they are on disk (what scripts/data/check-data.mjs reads), not the bundled copies.
function readRaw(): Record<keyof CompatData, unknown> {
  const read = (file: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../resources/data/${file}`, import.meta.url)), 'utf8'))
  return Object.fromEntries(Object.entries(COMPAT_FILES).map(([key, file]) => [key, read(file)])) as Record<keyof CompatData, unknown>
}

function load(): CompatData {
  const { data, problems } = parseCompatData(readRaw())
  expect(problems).toEqual([])
  return data!
}

const clone = (d: CompatData): CompatData => structuredClone(d)

describe('resources/data', () => {
  it('every table matches its schema', () => {
    load()
  })

  it('the tables a build carries are the checked ones: the schemas change nothing (they are not checked again at startup)', () => {
    expect(compatData()).toEqual(load())
  })

  it('is consistent with itself', () => {
    expect(checkCompatData(load())).toEqual([])
  })

  it('covers PyTorch 2.0–2.14 and CUDA 8.0–13.4 (8 and 9 for drivers that old in pasted reports)', () => {
    const d = load()
    expect(d.releases.releases.map((r) => r.release)).toEqual(['2.0', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8', '2.9', '2.10', '2.11', '2.12', '2.13', '2.14'])
    expect(d.drivers.toolkits[0]!.cuda).toBe('8.0.44')
    expect(d.drivers.toolkits.at(-1)!.cuda).toBe('13.4.1')
    expect(d.branches.branches.at(-1)).toMatchObject({ branch: 615, cuda: '13.4', fieldConfidence: { linuxFrom: 'U', windowsFrom: 'U' } })
  })

  it('keeps the confidence marks of the matrix', () => {
    const d = load()
    const v = (release: string, variant: string) => d.releases.releases.find((r) => r.release === release)!.variants.find((x) => x.variant === variant)!
    expect(v('2.11', 'cu128')).toMatchObject({ confidence: 'U', fieldConfidence: { cudnn: 'U' } })
    expect(v('2.11', 'cu130').ptxConfidence).toBe('U')
    expect(v('2.7', 'cu128').archConfidence).toBe('S')
    expect(d.branches.branches.find((b) => b.branch === 565)).toMatchObject({ confidence: 'S', noToolkit: true })
    // docker-release.yml builds -devel from the `official` stage too: the wheel's arch list, no caveat.
    expect(d.images.official.develSameAsRuntime.confidence).toBe('P')
    expect(d.gpus.gpus.find((g) => g.examples.includes('NVIDIA B100'))!.confidence).toBe('U')
  })

  it('parses arch lists as torch.cuda.get_arch_list() entries', () => {
    expect(parseArchList('7.5;8.0;8.6;9.0;10.0;12.0+PTX')).toEqual(['sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_100', 'sm_120', 'compute_120'])
    expect(parseArchList('7.0 7.2 9.0a')).toEqual(['sm_70', 'sm_72', 'sm_90a'])
    expect(parseArchList('8.0;sm_90')).toBeNull()
  })
})

describe('the checks catch broken data', () => {
  it('a tag whose CUDA is not a variant of its release', () => {
    const d = clone(load())
    d.images.official.tags.push({ ...d.images.official.tags.at(-1)!, torch: '2.14.0', cuda: '12.8', runtime: '2.14.1-cuda12.8-cudnn9-runtime', devel: '2.14.1-cuda12.8-cudnn9-devel' })
    expect(checkCompatData(d).join('\n')).toMatch(/12\.8 is not a variant of PyTorch 2\.14/)
  })

  it('an arch list that does not parse', () => {
    const d = clone(load())
    d.releases.releases[0]!.variants[0]!.archList = '3.7;5.0;sm_60'
    expect(checkCompatData(d).join('\n')).toMatch(/arch list .* does not parse/)
  })

  it('releases out of order', () => {
    const d = clone(load())
    d.releases.releases.reverse()
    expect(checkCompatData(d).join('\n')).toMatch(/releases out of order/)
  })

  it('a CUDA without a minimum driver', () => {
    const d = clone(load())
    d.drivers.toolkits = d.drivers.toolkits.filter((t) => !t.cuda.startsWith('12.9.'))
    expect(checkCompatData(d).join('\n')).toMatch(/CUDA 12\.9\.1 has no minimum driver/)
  })

  it('a wheel CUDA that no driver branch runs', () => {
    const d = clone(load())
    d.branches.branches = d.branches.branches.filter((b) => compareCudaMinor(b.cuda, '13.2') < 0)
    expect(checkCompatData(d).join('\n')).toMatch(/2\.14 cu132: no driver branch in driver-branches\.json runs CUDA 13\.2/)
  })

  it('JetPack, Jetson Linux and CUDA that disagree', () => {
    const d = clone(load())
    d.gpus.jetpack.at(-1)!.l4t = '35.6'
    d.gpus.jetpack[0]!.cuda = '12.99'
    const problems = checkCompatData(d).join('\n')
    expect(problems).toMatch(/Jetson Linux releases \(by JetPack\) out of order/)
    expect(problems).toMatch(/JetPack 6\.0: CUDA 12\.99 is not a toolkit in cuda-drivers\.json/)
  })

  it('a GPU row that a pitfall row shadows', () => {
    const d = clone(load())
    const maxwell = d.gpus.gpus.findIndex((g) => g.examples.includes('GeForce GTX TITAN X'))
    const pascal = d.gpus.gpus.findIndex((g) => g.examples.includes('NVIDIA TITAN X (Pascal)'))
    const [row] = d.gpus.gpus.splice(pascal, 1)
    d.gpus.gpus.splice(maxwell, 0, row!)
    expect(checkCompatData(d).join('\n')).toMatch(/"GeForce GTX TITAN X" resolves to Pascal 6\.1/)
  })

  it('a branch that disagrees with the toolkit table', () => {
    const d = clone(load())
    d.branches.branches.find((b) => b.branch === 570)!.linuxFrom = '570.124.06'
    expect(checkCompatData(d).join('\n')).toMatch(/R570: linuxFrom 570\.124\.06 ≠ toolkit 12\.8\.0 minimum 570\.26/)
  })

  it('a cited source that does not exist, and an unknown key (typo)', () => {
    const d = clone(load())
    d.images.official.tags[0]!.sources = ['no-such-source']
    expect(checkCompatData(d).join('\n')).toMatch(/cites unknown source "no-such-source"/)
    const raw = readRaw() as { gpus: { gpus: Array<Record<string, unknown>> } }
    raw.gpus.gpus[0]!.confidense = 'P'
    expect(parseCompatData(raw as never).problems.join('\n')).toMatch(/gpus\.json: gpus\.0/)
  })
})

/** Runs `npm run data:check`'s script on a copy of the tables changed by `plant`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- planting broken rows needs untyped JSON
type RawTables = Record<string, any>
async function dataCheckOn(plant: (raw: RawTables) => void): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-data-'))
  try {
    const raw = readRaw() as RawTables
    plant(raw)
    for (const [key, file] of Object.entries(COMPAT_FILES)) writeFileSync(join(dir, file), JSON.stringify(raw[key]))
    for (const file of ['gpu-pci-ids.json', 'gpu-first-drivers.json']) copyFileSync(fileURLToPath(new URL(`../../../../resources/data/${file}`, import.meta.url)), join(dir, file))
    const script = fileURLToPath(new URL('../../../../scripts/data/check-data.mjs', import.meta.url))
    return await new Promise((resolve) => {
      execFile(process.execPath, [script, dir], { timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` })
      })
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('npm run data:check', () => {
  it('passes on the tables as shipped', async () => {
    const { code, output } = await dataCheckOn(() => {})
    expect(output).toMatch(/data: ok/)
    expect(code).toBe(0)
  }, 60_000)

  it('fails on an image row without platforms, and on rows without a source', async () => {
    const { code, output } = await dataCheckOn((raw) => {
      delete raw.images.official.tags[3].platforms
      delete raw.images.ngc.releases.at(-1).platforms
      raw.gpus.gpus[5].sources = []
      delete raw.branches.branches.at(-1).sources
    })
    expect(code).toBe(1)
    expect(output).toMatch(/images\.json: official\.tags\.3\.platforms/)
    expect(output).toMatch(/images\.json: ngc\.releases\.\d+\.platforms/)
    // Schema problems stop the cross-checks: plant the source-less rows on valid images.
    const sources = await dataCheckOn((raw) => {
      raw.gpus.gpus[5].sources = []
      delete raw.branches.branches.at(-1).sources
      raw.releases.releases.at(-1).variants.find((v: { variant: string }) => v.variant === 'cu130').aarch64.sources = []
    })
    expect(sources.code).toBe(1)
    expect(sources.output).toMatch(/gpus\.json: row 5 has no source/)
    expect(sources.output).toMatch(/driver-branches\.json: R615 has no source/)
    expect(sources.output).toMatch(/pytorch-releases\.json: 2\.14 cu130 aarch64 has no source/)
  }, 60_000)

  it('fails on an arch list typed over what the pinned build configuration gives', async () => {
    const { code, output } = await dataCheckOn((raw) => {
      const r29 = raw.releases.releases.find((r: { release: string }) => r.release === '2.9')
      r29.variants.find((v: { variant: string }) => v.variant === 'cu128').aarch64.archList = '9.0'
    })
    expect(output).toMatch(/pytorch-releases\.json: not what its pinned sources give \(run npm run data:update\): 2\.9 cu128 aarch64: 9\.0 → 8\.0;9\.0;10\.0;12\.0/)
    expect(code).toBe(1)
  }, 60_000)

  it('fails on a platform that is not an OCI platform the engine knows', async () => {
    const { code, output } = await dataCheckOn((raw) => {
      raw.images.official.tags[0].platforms = ['linux/arm/v7']
    })
    expect(code).toBe(1)
    expect(output).toMatch(/official\.tags\.0\.platforms\.0/)
  }, 60_000)
})
