import { hostname } from 'node:os'

import { describe, expect, it } from 'vitest'

import { buildProbeContainer } from '../../../src/core/platform/docker/container-spec'
import { prepareContainerTarget } from '../../../src/core/domain/container/container-target'
import { runDiagnosis } from '../../../src/core/domain/diagnosis/run-diagnosis'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { engine, gone, PYTHON_IMAGE, requireImage, RUN, SLOW_PROBE } from './engine'

const env = fakeSmiEnv('h200-x1')

/** Step 1 of a diagnosis in a container of the Python image (no torch), with the ids of the containers it made. */
async function stepOne(options: { gpus?: 'all' | 'none'; runtime?: string; shmSizeBytes?: number }) {
  await requireImage(PYTHON_IMAGE)
  const created: string[] = []
  const target = await prepareContainerTarget({ env, image: PYTHON_IMAGE, ...options, onLifecycle: (e, id) => e === 'created' && created.push(id) })
  if (!target.ok) throw new Error(target.problem.message)
  const d = await runDiagnosis({ runner: target.runner, python: 'python3', env, steps: ['gpu-visible'] })
  return { step: d.steps[0]!, environment: d.environment, created }
}

describe.skipIf(!RUN)('probe containers on a real engine without GPU support', () => {
  it('the engine accepts the create request and keeps it as built: GPUs, read-only probe, no network, shm, labels', async () => {
    await requireImage(PYTHON_IMAGE)
    const spec = buildProbeContainer({ image: PYTHON_IMAGE, probeScript: SLOW_PROBE, probeArgs: ['--workload', 'conv'], gpus: ['0', '1'], shmSizeBytes: 2 * 1024 ** 3, session: 'contract-test-session', ownerPid: process.pid, ownerHost: hostname() })
    const c = await engine().createContainer(spec)
    try {
      const i = await c.inspect()
      expect(i.HostConfig.NetworkMode).toBe('none')
      expect(i.HostConfig.ShmSize).toBe(2 * 1024 ** 3)
      expect((i.HostConfig as { DeviceRequests?: unknown }).DeviceRequests).toEqual([{ Driver: '', Count: 0, DeviceIDs: ['0', '1'], Capabilities: [['gpu']], Options: null }])
      expect(i.HostConfig.Mounts).toEqual([{ Type: 'bind', Source: SLOW_PROBE, Target: '/opt/gpu-doctor/gpu_doctor_probe.py', ReadOnly: true }])
      expect(i.Config.Labels).toMatchObject({ 'gpu-doctor.managed': 'true', 'gpu-doctor.session': 'contract-test-session', 'gpu-doctor.pid': String(process.pid) })
      expect(i.Config.Tty).toBe(false)
    } finally {
      await c.remove({ force: true })
    }
  })

  it('--gpus all fails with the engine’s real error and becomes docker-gpu-support-missing with the install for this OS', async () => {
    const { step, created } = await stepOne({ gpus: 'all' })
    expect(step.status).toBe('fail')
    expect(step.findings.map((f) => f.id)).toEqual(['docker-gpu-support-missing', 'nvidia-container-toolkit-install'])
    expect(step.findings[0]!.evidence).toMatch(/could not select device driver "" with capabilities: \[\[gpu\]\]/)
    expect(step.findings[1]!.fix).toMatch(/nvidia-ctk runtime configure --runtime=docker/)
    expect(created).toHaveLength(1)
    expect(await gone(created[0]!)).toBe(true)
  })

  it('--runtime nvidia on an engine that does not know it: nvidia-runtime-not-registered', async () => {
    const { step, created } = await stepOne({ gpus: 'none', runtime: 'nvidia' })
    expect(step.findings[0]).toMatchObject({ id: 'nvidia-runtime-not-registered', evidence: expect.stringMatching(/runtime.*nvidia/i) })
    // Docker checks the runtime at create or at start, depending on the version.
    for (const id of created) expect(await gone(id)).toBe(true)
  })

  it('the probe runs in the container (Python without torch): default /dev/shm is flagged, --shm-size 1g is not', async () => {
    const small = await stepOne({ gpus: 'none' })
    expect(small.step.findings.map((f) => f.id)).toEqual(['container-shm-too-small', 'torch-not-installed'])
    expect(small.step.findings[0]!.evidence).toMatch(/HostConfig\.ShmSize=67108864 \(64 MiB\)/)
    expect(small.environment).toMatchObject({ probeWhere: `container ${PYTHON_IMAGE}`, python: '/usr/bin/python3' })
    const big = await stepOne({ gpus: 'none', shmSizeBytes: 1024 ** 3 })
    expect(big.step.findings.map((f) => f.id)).toEqual(['torch-not-installed'])
    for (const id of [...small.created, ...big.created]) expect(await gone(id)).toBe(true)
  })
}, 180_000)
