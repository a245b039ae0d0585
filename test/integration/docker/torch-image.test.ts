import { describe, expect, it } from 'vitest'

import { prepareContainerTarget } from '../../../src/core/domain/container/container-target'
import { runDiagnosis } from '../../../src/core/domain/diagnosis/run-diagnosis'
import type { CompareResult } from '../../../src/shared/docker'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { TORCH_PYTHON } from '../../helpers/pythons'
import { gone, requireImage, RUN, spawnCli, TORCH_IMAGE } from './engine'

// Each run copies the 1.2 GB image on the vfs driver: these two tests share one file to run one after the other.
describe.skipIf(!RUN)('the image with Debian’s CPU-only PyTorch', () => {
  it('the whole diagnosis runs inside the container and reports the CPU-only PyTorch', async () => {
    await requireImage(TORCH_IMAGE)
    const env = fakeSmiEnv('h200-x1')
    const created: string[] = []
    const target = await prepareContainerTarget({ env, image: TORCH_IMAGE, gpus: 'none', onLifecycle: (e, id) => e === 'created' && created.push(id) })
    if (!target.ok) throw new Error(target.problem.message)
    const stages: string[] = []
    const d = await runDiagnosis({ runner: target.runner, python: 'python3', env, onProgress: (p) => stages.push(p.stage) })
    const s1 = d.steps[0]!
    expect(s1.status).toBe('fail')
    expect(s1.findings.map((f) => f.id)).toEqual(['container-shm-too-small', 'cpu-only-torch-build'])
    expect(s1.evidence).toMatchObject({ torchVersion: expect.stringMatching(/^1\.13/), torchCuda: null, cudaAvailable: false, python: '/usr/bin/python3' })
    expect(d.environment).toMatchObject({ probeWhere: `container ${TORCH_IMAGE}`, torch: expect.stringMatching(/^1\.13/), driverVersion: '580.159.04' })
    // A CPU-only build links no CUDA library: step 3 does not apply (the probe's ldd stage still ran, in the container).
    expect(d.steps.find((s) => s.id === 'ldd-linkage')!.summaryKey).toBe('skip.cpuBuild')
    expect(stages).toEqual(expect.arrayContaining(['import-torch', 'facts', 'ldd']))
    expect(created).toHaveLength(1)
    expect(await gone(created[0]!, 120_000)).toBe(true)
  }, 300_000)

  it('gpu-doctor compare host IMAGE --json: the same probe on both sides', async () => {
    const run = spawnCli(['compare', 'host', TORCH_IMAGE, '--gpus', 'none', '--python', TORCH_PYTHON, '--json'], fakeSmiEnv('h200-x1'))
    expect(await run.exited).toBe(0)
    const r = JSON.parse(run.out()) as CompareResult
    expect(r.a).toMatchObject({ target: 'host', ok: true, cudaAvailable: false })
    expect(r.b).toMatchObject({ target: TORCH_IMAGE, ok: true, cudaAvailable: false, python: expect.stringMatching(/^\/usr\/bin\/python3 \(3\.11/) })
    expect(r.b.torch).toBe(r.a.torch)
    expect(r.timings).toHaveLength(4)
    expect(r.notes).toEqual([`A (host): conv skipped: CUDA is not available to PyTorch`, `B (${TORCH_IMAGE}): conv skipped: CUDA is not available to PyTorch`])
  }, 300_000)
})
