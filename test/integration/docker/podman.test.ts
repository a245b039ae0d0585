import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import { describe, expect, it } from 'vitest'

import { judgeCdiSpecs, readCdiSpecs } from '../../../src/core/platform/docker/cdi-spec'
import { buildProbeContainer } from '../../../src/core/platform/docker/container-spec'
import { createPodmanContainer } from '../../../src/core/platform/docker/podman-create'
import { podmanSpecFrom } from '../../../src/core/platform/docker/podman-spec'
import { runContainer } from '../../../src/core/platform/docker/run-container'
import { fakeSmiEnv } from '../../helpers/fake-smi'
import { ENDPOINT, engine, gone, labelled, PODMAN, PYTHON_IMAGE, requireImage, RUN, SLOW_PROBE, spawnCli } from './engine'

// Runs in the vitest project "podman" only (DOCKER_HOST is Podman's socket there).
const request = (gpus: 'none' | 'all', extra: { python?: string; shmSizeBytes?: number } = {}) =>
  buildProbeContainer({ image: PYTHON_IMAGE, probeScript: SLOW_PROBE, probeArgs: [], gpus, session: randomUUID(), ownerPid: process.pid, ownerHost: hostname(), ...extra })

describe.skipIf(!RUN)('Podman: its own create endpoint and CDI devices', () => {
  it('the engine is Podman, named with the reason it was chosen', async () => {
    expect(PODMAN).toBe(true)
    const run = spawnCli(['images'], fakeSmiEnv('h200-x1'))
    expect(await run.exited).toBe(0)
    expect(run.out()).toMatch(/^Container engine: Podman 4\.\d+\.\d+ at unix:\/\/\/run\/podman\/podman\.sock\. DOCKER_HOST names unix:\/\/\/run\/podman\/podman\.sock\./)
  })

  it('keeps the create request as built: read-only probe, no network, shm, labels', async () => {
    await requireImage(PYTHON_IMAGE)
    const body = request('none', { shmSizeBytes: 2 * 1024 ** 3 })
    const c = await createPodmanContainer(engine(), podmanSpecFrom(body, 'none'), AbortSignal.timeout(60_000))
    try {
      const i = await c.inspect()
      expect(i.HostConfig.NetworkMode).toBe('none')
      expect(i.HostConfig.ShmSize).toBe(2 * 1024 ** 3)
      expect(i.Mounts).toEqual([expect.objectContaining({ Type: 'bind', Source: SLOW_PROBE, Destination: '/opt/gpu-doctor/gpu_doctor_probe.py', RW: false })])
      expect(i.Config.Labels).toMatchObject(body.Labels!)
    } finally {
      await c.remove({ force: true })
    }
  })

  it('a CDI device reaches the container (the fake kind of scripts/ci/start-podman.sh), and the container is removed', async () => {
    await requireImage(PYTHON_IMAGE)
    const body = { ...request('none'), Entrypoint: ['/bin/sh', '-c', 'echo "$GPU_DOCTOR_CDI_KIND $GPU_DOCTOR_CDI_DEVICE"'], Cmd: [] }
    const spec = { ...podmanSpecFrom(body, 'none'), devices: [{ path: 'gpu-doctor.test/fake=probe' }] }
    const r = await runContainer(engine(), body, { endpoint: ENDPOINT, timeoutMs: 60_000, podmanSpec: spec })
    expect(r).toMatchObject({ exitCode: 0, removed: true, problem: null })
    expect(r.stdout.trim()).toBe('gpu-doctor.test/fake probe')
    expect(await gone(r.containerId!)).toBe(true)
  })

  it('--gpus all without a CDI spec for nvidia.com/gpu: cdi-spec-missing-or-stale with nvidia-ctk cdi generate, nothing left', async () => {
    await requireImage(PYTHON_IMAGE)
    const verdict = judgeCdiSpecs(await readCdiSpecs(), null)
    if (verdict.state !== 'missing') return // a machine with the NVIDIA toolkit's spec: nothing to show here
    const run = spawnCli(['diagnose', '--image', PYTHON_IMAGE, '--gpus', 'all', '--steps', 'gpu-visible', '--no-save', '--json'], fakeSmiEnv('h200-x1'))
    expect(await run.exited).toBe(1)
    const doc = JSON.parse(run.out()) as { steps: Array<{ findings: Array<{ id: string; evidence: string | null; fix: string }> }> }
    const findings = doc.steps[0]!.findings
    expect(findings.map((f) => f.id)).toEqual(expect.arrayContaining(['cdi-spec-missing-or-stale', 'nvidia-container-toolkit-install']))
    expect(findings.find((f) => f.id === 'cdi-spec-missing-or-stale')!.evidence).toBe('No CDI spec of kind nvidia.com/gpu in /etc/cdi or /var/run/cdi')
    expect(findings.find((f) => f.id === 'nvidia-container-toolkit-install')!.fix).toContain('sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml')
    expect(await labelled(`gpu-doctor.pid=${run.child.pid}`)).toEqual([])
  }, 120_000)
})
