import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { catalogIds, failureModeIds, makeFinding } from '../../../../src/core/domain/findings/finding-catalog'
import { TEXT_RULES } from '../../../../src/core/domain/rules/text-rules'
import { FindingSchema } from '../../../../src/shared/diagnosis'
import { findingsEn, findingsZh } from '../../../../src/shared/i18n/findings'

const PRODUCT_IDS: Record<string, string[]> = {
  'torch-not-installed': ['python', 'error', 'install'],
  'driver-too-old-for-pytorch': ['driverCuda', 'minCuda', 'install'],
  'gpu-not-visible-to-torch': ['hostGpus'],
  'fewer-devices-than-host': ['torchCount', 'hostCount'],
  'cuda-minor-version-compat': ['torchCuda', 'driverCuda'],
  'cudnn-disabled': [],
  'cudnn-major-mismatch': ['loaded', 'expected', 'torch'],
  'cudnn-benchmark-off': [],
  'cudnn-deterministic-on': [],
  'library-not-found': ['library', 'file'],
  'other-cudnn-copies': ['count', 'paths'],
  'low-sm-utilisation': ['mean', 'threshold'],
  'cudnn-not-effective': ['ratio'],
  'host-gpu-problem': ['message'],
  'probe-failed': ['reason'],
}

const SRC_CORE = fileURLToPath(new URL('../../../../src/core', import.meta.url))

// The reference lives beside the repository in the shared workspace; CI checkouts may lack it.
const REFERENCE = [
  new URL('../../../../../shared/reference/failure-modes.md', import.meta.url),
  new URL('../../../../shared/reference/failure-modes.md', import.meta.url),
]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(path))

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return tsFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

function placeholders(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort()
}

describe('findings catalog', () => {
  it('has the 52 failure modes of the reference, in order', () => {
    expect(failureModeIds()).toHaveLength(52)
    expect(new Set(failureModeIds()).size).toBe(52)
  })

  it.skipIf(!REFERENCE)('matches the ids of failure-modes.md', () => {
    const doc = readFileSync(REFERENCE ?? '', 'utf8')
    const ids = [...doc.matchAll(/^### [A-G]\d+ `([a-z0-9-]+)`/gm)].map((m) => m[1])
    expect(failureModeIds()).toEqual(ids)
  })

  it('has a title, message and fix in English and Chinese for every failure mode and product id', () => {
    for (const id of [...failureModeIds(), ...Object.keys(PRODUCT_IDS)]) {
      for (const part of ['title', 'message', 'fix']) {
        expect(findingsEn[`${id}.${part}`], `${id}.${part} (en)`).toMatch(/\S/)
        expect(findingsZh[`${id}.${part}`], `${id}.${part} (zh)`).toMatch(/\S/)
      }
    }
  })

  it('has the same keys and the same {{params}} in both languages', () => {
    expect(Object.keys(findingsZh).sort()).toEqual(Object.keys(findingsEn).sort())
    for (const key of Object.keys(findingsEn)) {
      expect(placeholders(findingsZh[key]), key).toEqual(placeholders(findingsEn[key]))
    }
  })

  it('writes the Chinese texts in Chinese, keeping commands as they are', () => {
    for (const [key, text] of Object.entries(findingsZh)) {
      if (key === 'host-gpu-problem.message') continue
      expect(text, key).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(findingsZh['persistence-mode-off.fix']).toContain('`sudo systemctl enable --now nvidia-persistenced`')
  })

  it('uses exactly the documented parameters in the product messages', () => {
    for (const [id, params] of Object.entries(PRODUCT_IDS)) {
      const used = new Set([...placeholders(findingsEn[`${id}.message`]), ...placeholders(findingsEn[`${id}.fix`])])
      expect([...used].sort(), id).toEqual([...params].sort())
    }
  })

  it('has texts for every id the core emits (makeFinding calls and the text-rule table)', () => {
    const literal = /\b(?:makeFinding|finding)\(\s*'([^']+)'/g
    const used = tsFiles(SRC_CORE).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1] ?? ''))
    expect(used.length).toBeGreaterThan(10)
    const known = new Set<string>(catalogIds())
    for (const id of [...used, ...TEXT_RULES.map((rule) => rule.id)]) expect(known.has(id), id).toBe(true)
  })
})

describe('makeFinding', () => {
  it('fills the English message and fix from the catalog', () => {
    const finding = makeFinding('cuda-minor-version-compat', 'info', { torchCuda: '12.8', driverCuda: '12.4' }, 'line')
    expect(finding).toEqual({
      id: 'cuda-minor-version-compat',
      severity: 'info',
      message: expect.stringContaining('PyTorch is built for CUDA 12.8 and the driver supports up to CUDA 12.4'),
      fix: expect.stringContaining('supports CUDA 12.8'),
      evidence: 'line',
      params: { torchCuda: '12.8', driverCuda: '12.4' },
    })
    expect(FindingSchema.parse(finding)).toEqual(finding)
  })

  it('shows a missing parameter as "?" instead of the raw marker', () => {
    expect(makeFinding('fewer-devices-than-host', 'warning', { torchCount: 1 }).message).toBe(
      'PyTorch sees fewer GPUs than nvidia-smi lists: 1 of ?.',
    )
  })

  it('fills every install command, so no fix ever shows "?" in its place', () => {
    const withCommand = catalogIds().filter((id) => findingsEn[`${id}.fix`]?.includes('{{install}}'))
    expect(withCommand).toEqual(
      expect.arrayContaining(['cpu-only-torch-build', 'torch-not-installed', 'torchvision-torch-mismatch', 'gpu-arch-not-in-wheel', 'bundled-cudnn-not-found']),
    )
    for (const id of withCommand) {
      const finding = makeFinding(id, 'error')
      expect(finding.params.install, id).toMatch(/^python3 -m pip install .*--index-url https:\/\/download\.pytorch\.org\/whl\/cu\d+$/)
      expect(finding.fix, id).toContain(`\`${finding.params.install}\``)
      expect(findingsZh[`${id}.fix`], id).toContain('`{{install}}`')
    }
    // A caller's command wins over the default.
    expect(makeFinding('cpu-only-torch-build', 'error', { install: 'py -m pip install torch' }).fix).toContain('`py -m pip install torch`')
  })

  it('falls back to a generic text naming an unknown id', () => {
    // @ts-expect-error: not a catalogue id (test/types/finding-ids.ts); one can still arrive through a cast.
    const finding = makeFinding('made-up-id', 'warning')
    expect(finding.message).toContain('made-up-id')
    expect(finding.fix).not.toBe('')
    expect(finding.evidence).toBeNull()
    expect(finding.params).toEqual({})
  })
})
