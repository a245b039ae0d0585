import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { containerFromCgroup, readProcessCgroup } from '../../../src/core/platform/docker/cgroup-container'
import { engineContainerNames, nameGpuProcesses } from '../../../src/core/platform/docker/name-gpu-processes'
import { withSignals } from '../../../src/core/platform/docker/with-signals'
import type { GpuProcess } from '../../../src/shared/gpu'
import { engine, PYTHON_IMAGE, requireImage, RUN } from './engine'

describe.skipIf(!RUN)('GPU processes named by container', () => {
  it('host PID → /proc/PID/cgroup → container id → the name the engine knows', async () => {
    await requireImage(PYTHON_IMAGE)
    const name = `gd-test-trainer-${randomUUID().slice(0, 8)}`
    const c = await engine().createContainer({ name, Image: PYTHON_IMAGE, Cmd: ['sleep', '60'], HostConfig: { NetworkMode: 'none' } })
    try {
      await c.start()
      const pid = (await c.inspect()).State.Pid
      expect(containerFromCgroup((await readProcessCgroup(pid)) ?? '')).toEqual({ id: c.id, runtime: 'docker' })
      const proc: GpuProcess = { gpuIndex: 0, pid, type: 'C', name: 'python3', usedMemoryMiB: 512, gpuInstanceId: null, computeInstanceId: null, container: null }
      const host: GpuProcess = { ...proc, pid: process.pid, name: 'node' }
      const names = engineContainerNames((signal) => withSignals(engine()).listContainers({ abortSignal: signal }))
      const out = await nameGpuProcesses([proc, host], names)
      expect(out.map((p) => p.container)).toEqual([name, null])
    } finally {
      await c.remove({ force: true })
    }
  })
}, 120_000)
