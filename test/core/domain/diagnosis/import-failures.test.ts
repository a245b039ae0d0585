import { describe, expect, it } from 'vitest'

import type { DiagnosisInputs } from '../../../../src/core/domain/diagnosis/step-inputs'
import { gpuVisibleStep } from '../../../../src/core/domain/diagnosis/steps/gpu-visible'
import { runProbe } from '../../../../src/core/platform/probe/run-probe'
import type { Finding } from '../../../../src/shared/diagnosis'
import { pythonWithoutTorch, TORCH_PYTHON } from '../../../helpers/pythons'

// The real probe imports a broken `torch` (test/helpers/broken-torch/<case>) with Debian's python3;
// step 1 must name what is wrong, and say "install PyTorch" only when PyTorch is absent.
const broken = (name: string) => new URL(`../../../helpers/broken-torch/${name}`, import.meta.url).pathname

async function stepOne(python: string, env: NodeJS.ProcessEnv = {}) {
  const outcome = await runProbe({ python, workloads: [], env: { ...process.env, ...env } })
  if (!outcome.ok) throw new Error(`probe failed: ${outcome.reason}`)
  const inputs: DiagnosisInputs = {
    host: { kind: 'ok', status: { source: 'live', driverVersion: '580.159.04', cudaVersion: '13.0', gpus: [], processes: [] } as never },
    probe: { ok: true, report: outcome.report },
    platform: 'linux',
    idleSamples: [],
    loadSamples: [],
    loadState: null,
    probePid: null,
  }
  return gpuVisibleStep(inputs)
}

const ids = (findings: Finding[]) => findings.map((f) => f.id)

describe('import torch failures, classified by what they say (real probe, real Python)', () => {
  it('torch absent: torch-not-installed with an install command', async () => {
    const s = await stepOne(pythonWithoutTorch())
    expect(s.status).toBe('fail')
    expect(ids(s.findings)).toEqual(['torch-not-installed'])
    expect(s.findings[0]!.fix).toMatch(/pip install/)
  })

  const cases: Array<[string, string, RegExp]> = [
    ['nomod', 'torch-import-dependency-missing', /typing_extensions_not_here/],
    ['missing', 'bundled-cudnn-not-found', /libcudnn_graph\.so\.9/],
    ['libmissing', 'torch-import-library-missing', /libgd_missing_dependency\.so\.3/],
    ['sym', 'torch-import-undefined-symbol', /ncclCommWindowRegister/],
    ['glibc', 'torch-import-glibc-too-old', /GLIBC 2\.38/],
    ['libstdcxx', 'torch-import-libstdcxx-too-old', /GLIBCXX_3\.4\.32/],
    ['numpy', 'torch-import-dependency-broken', /numpy/],
    ['pyver', 'torch-import-wrong-python', /Python 3\.12/],
    ['perm', 'torch-import-permission-denied', /libtorch_cpu\.so/],
    ['weird', 'cuda-error-unrecognised', /frobnication failed/],
  ]
  for (const [dir, id, says] of cases)
    it(`${dir}: ${id}, never "install PyTorch"`, async () => {
      const s = await stepOne(TORCH_PYTHON, { PYTHONPATH: broken(dir), LD_LIBRARY_PATH: '/nonexistent-gd-dir' })
      expect(s.status).toBe('fail')
      expect(ids(s.findings)).toEqual([id])
      expect(`${s.findings[0]!.message} ${s.findings[0]!.evidence}`).toMatch(says)
      expect(ids(s.findings)).not.toContain('torch-not-installed')
      expect(s.summaryKey).toBe('gpuVisible.importFailed')
    })

  it('a missing library names where the loader looked', async () => {
    const s = await stepOne(TORCH_PYTHON, { PYTHONPATH: broken('libmissing'), LD_LIBRARY_PATH: '/nonexistent-gd-dir' })
    expect(s.findings[0]!.params.searched).toContain('/nonexistent-gd-dir')
    expect(s.evidence.importFailure?.missingLibrary).toBe('libgd_missing_dependency.so.3')
  })

  it('an unrecognised error says what to search and how to cut a reproduction', async () => {
    const s = await stepOne(TORCH_PYTHON, { PYTHONPATH: broken('weird') })
    const f = s.findings[0]!
    expect(f.params.search).toBe('something nobody anticipated: frobnication failed')
    expect(f.fix).toContain('something nobody anticipated')
    expect(f.evidence).toContain('RuntimeError: something nobody anticipated: frobnication failed')
  })
})
