import { describe, expect, it } from 'vitest'

import { containerFindings } from '../../../../src/core/domain/container/container-findings'
import { explainDockerError } from '../../../../src/core/platform/docker/explain-error'
import type { ContainerRunResult } from '../../../../src/core/platform/docker/run-container'

const run = (over: Partial<ContainerRunResult>): ContainerRunResult => ({
  containerId: 'c',
  exitCode: 0,
  stdout: '',
  stderr: '',
  timedOut: false,
  cancelled: false,
  problem: null,
  shmSizeBytes: 8 * 1024 ** 3,
  ipcMode: 'private',
  removed: true,
  durationMs: 1,
  ...over,
})
const ctx = { osRelease: 'ID=debian\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"', platform: 'linux' as const, rootless: false }
const startError = (message: string) => explainDockerError(Object.assign(new Error(message), { statusCode: 500, json: { message } }), 'unix:///var/run/docker.sock')

describe('containerFindings', () => {
  it('a GPU request on an engine without the toolkit: docker-gpu-support-missing and the install for this OS', () => {
    const f = containerFindings(run({ problem: startError('could not select device driver "" with capabilities: [[gpu]]'), shmSizeBytes: null }), ctx)
    expect(f.map((x) => `${x.id}:${x.severity}`)).toEqual(['docker-gpu-support-missing:error', 'nvidia-container-toolkit-install:info'])
    expect(f[0]!.evidence).toBe('could not select device driver "" with capabilities: [[gpu]]')
    expect(f[1]!.params).toMatchObject({ os: 'Debian GNU/Linux 12 (bookworm)' })
    expect(f[1]!.fix).toMatch(/apt-get install -y nvidia-container-toolkit/)
  })

  it('--runtime nvidia on an engine that does not know it', () => {
    const f = containerFindings(run({ problem: startError('Unknown runtime specified nvidia'), shmSizeBytes: null }), ctx)
    expect(f.map((x) => x.id)).toEqual(['nvidia-runtime-not-registered', 'nvidia-container-toolkit-install'])
  })

  it('/dev/shm at the 64 MiB default is a warning; 8 GiB or --ipc=host is not', () => {
    const small = containerFindings(run({ shmSizeBytes: 67108864 }), ctx)
    expect(small).toHaveLength(1)
    expect(small[0]).toMatchObject({ id: 'container-shm-too-small', severity: 'warning', params: { size: '64 MiB' } })
    expect(small[0]!.evidence).toBe('HostConfig.ShmSize=67108864 (64 MiB), IpcMode=private')
    expect(containerFindings(run({}), ctx)).toEqual([])
    expect(containerFindings(run({ shmSizeBytes: 67108864, ipcMode: 'host' }), ctx)).toEqual([])
  })

  it('an engine error without a failure mode adds nothing here (it is the probe’s failure reason)', () => {
    expect(containerFindings(run({ problem: startError('No such image: x:y'), shmSizeBytes: null }), ctx)).toEqual([])
  })
})
