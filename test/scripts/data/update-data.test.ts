import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterEach, describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('../../../scripts/data/update-data.mjs', import.meta.url))
const checkScript = fileURLToPath(new URL('../../../scripts/data/check-data.mjs', import.meta.url))
const dataDir = fileURLToPath(new URL('../../../resources/data', import.meta.url))
const TABLE = 'pytorch-releases.json'
const MANIFEST = 'sources/pytorch-build-config.json'

function run(args: string[], path = script): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` })
    })
  })
}

interface Variant { variant: string; archList: string | null; aarch64?: { archList: string } }
interface Table { releases: Array<{ release: string; variants: Variant[] }> }
const variant = (t: Table, release: string, name: string): Variant => t.releases.find((r) => r.release === release)!.variants.find((v) => v.variant === name)!

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function copyOfData(edit: (table: Table, manifest: { snapshots: Array<{ id: string; excerpt: string[] }> }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-update-data-'))
  dirs.push(dir)
  cpSync(dataDir, dir, { recursive: true })
  const table = JSON.parse(readFileSync(join(dir, TABLE), 'utf8')) as Table
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'))
  edit(table, manifest)
  writeFileSync(join(dir, TABLE), `${JSON.stringify(table, null, 2)}\n`)
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}

describe('npm run data:update', () => {
  it('regenerates the committed tables from the pinned sources without a diff, and says it does not fetch', async () => {
    const { code, output } = await run(['--check'])
    expect(output).toMatch(/pytorch-releases\.json: wheel arch lists .*: \d+ facts from \d+ pinned copies/)
    expect(output).toMatch(/gpu-pci-ids\.json: .*: \d{3,} device IDs \(sources\/pci-ids-nvidia\.txt\)/)
    expect(output).toMatch(/gpu-first-drivers\.json: .*: \d{3,} device IDs \(sources\/open-gpu-kernel-modules-gpus\.txt\)/)
    expect(output.match(/^ {2}unchanged$/gm)).toHaveLength(3)
    expect(output).toMatch(/Fetching newer sources is not available here/)
    expect(code).toBe(0)
  }, 60_000)

  it('puts back a hand edit that contradicts the pinned build configuration, listing each change', async () => {
    const dir = copyOfData((t) => {
      variant(t, '2.8', 'cu128').archList = '7.5;8.0;8.6;9.0;10.0;12.0+PTX'
      delete variant(t, '2.9', 'cu128').aarch64
    })
    const check = await run(['--check', dir])
    expect(check.code).toBe(1)
    expect(check.output).toContain('differs: 2.8 cu128 x86_64: 7.5;8.0;8.6;9.0;10.0;12.0+PTX → 7.0;7.5;8.0;8.6;9.0;10.0;12.0')
    expect(check.output).toContain('differs: 2.9 cu128 aarch64: (none) → 8.0;9.0;10.0;12.0')
    expect(check.output).toMatch(/not what its pinned sources give: run npm run data:update/)
    const update = await run([dir])
    expect(update.code).toBe(0)
    expect(readFileSync(join(dir, TABLE), 'utf8')).toBe(readFileSync(join(dataDir, TABLE), 'utf8'))
  }, 60_000)

  it('uses a build-matrix copy only for the release whose cuDNN and NCCL pins it carries', async () => {
    // The same copy with another cuDNN pin for CUDA 13.0 is a main-branch state no release shipped.
    const dir = copyOfData((_t, m) => {
      const matrix = m.snapshots.find((s) => s.id === 'pt-matrix-115682080')!
      matrix.excerpt = matrix.excerpt.map((l) => l.replace('nvidia-cudnn-cu13==9.13.0.50', 'nvidia-cudnn-cu13==9.14.0.64'))
    })
    const { code, output } = await run(['--check', dir])
    expect(output).toMatch(/pt-matrix-115682080: fits no release/)
    expect(output).toContain('differs: 2.9 cu126 aarch64: 8.0;9.0 → (none)')
    expect(code).toBe(1)
  }, 60_000)

  it('regenerates the PCI ID and first-driver tables from their pinned sources, listing each device that changed', async () => {
    const dir = copyOfData(() => {})
    // A hand edit of a generated row, and a newer copy of each source with one more GPU in it.
    const pciIds = JSON.parse(readFileSync(join(dir, 'gpu-pci-ids.json'), 'utf8'))
    pciIds.devices['2684'] = 'AD102 [GeForce RTX 4090 typed by hand]'
    writeFileSync(join(dir, 'gpu-pci-ids.json'), `${JSON.stringify(pciIds, null, 2)}\n`)
    const pciSource = join(dir, 'sources', 'pci-ids-nvidia.txt')
    writeFileSync(pciSource, readFileSync(pciSource, 'utf8').replace('\t2684  ', '\t2683  AD102 [Test GPU]\n\t2684  '))
    const driversSource = join(dir, 'sources', 'open-gpu-kernel-modules-gpus.txt')
    writeFileSync(driversSource, `${readFileSync(driversSource, 'utf8')}## 999.1\n| NVIDIA Test GPU | FFF0 |\n`)

    const check = await run(['--check', dir])
    expect(check.code).toBe(1)
    expect(check.output).toContain('differs: 2683: (none) → AD102 [Test GPU]')
    expect(check.output).toContain('differs: 2684: AD102 [GeForce RTX 4090 typed by hand] → AD102 [GeForce RTX 4090]')
    expect(check.output).toContain('differs: fff0: (none) → 999.1')
    expect(check.output).toMatch(/gpu-first-drivers\.json is not what its pinned sources give/)
    const dataCheck = await run([dir], checkScript)
    expect(dataCheck.code).toBe(1)
    expect(dataCheck.output).toContain('gpu-pci-ids.json: not what its pinned sources give (run npm run data:update): 2683: (none) → AD102 [Test GPU]')

    expect((await run([dir])).code).toBe(0)
    const firstDrivers = JSON.parse(readFileSync(join(dir, 'gpu-first-drivers.json'), 'utf8'))
    expect(firstDrivers.devices.fff0).toBe('999.1')
    expect(firstDrivers.source.lastTag).toBe('999.1')
    expect(JSON.parse(readFileSync(join(dir, 'gpu-pci-ids.json'), 'utf8')).devices['2684']).toBe('AD102 [GeForce RTX 4090]')
    expect((await run(['--check', dir])).code).toBe(0)
  }, 60_000)
})
