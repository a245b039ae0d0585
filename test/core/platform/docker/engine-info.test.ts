import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { apiAtLeast, engineInfoFrom } from '../../../../src/core/platform/docker/engine-info'

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../fixtures/docker/${name}`, import.meta.url), 'utf8'))
const info = fixture('engine-info-20.10-vfs.json')
const version = fixture('engine-version-20.10.json')

describe('engineInfoFrom', () => {
  it('reads the real answers of Debian’s docker.io 20.10 (vfs, cgroup v1): no nvidia runtime', () => {
    const e = engineInfoFrom('unix:///var/run/docker.sock', version, info)
    expect(e).toMatchObject({
      serverVersion: '20.10.24+dfsg1',
      apiVersion: '1.41',
      defaultRuntime: 'runc',
      nvidiaRuntime: false,
      cgroupVersion: '1',
      cgroupDriver: 'cgroupfs',
      rootless: false,
    })
    expect(e.runtimes).toContain('runc')
  })

  it('without an nvidia runtime or CDI, says how to set up GPU containers for this OS; with one, nothing', () => {
    const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
    const e = engineInfoFrom('unix:///var/run/docker.sock', version, info, { osRelease: debian, platform: 'linux' })
    expect(e.gpuSetup?.os).toBe('Debian GNU/Linux 12 (bookworm)')
    expect(e.gpuSetup?.commands.join('\n')).toMatch(/apt-get install -y nvidia-container-toolkit[\s\S]*nvidia-ctk runtime configure --runtime=docker/)
    const withNvidia = engineInfoFrom('unix:///var/run/docker.sock', version, { ...info, Runtimes: { ...info.Runtimes, nvidia: { path: 'nvidia-container-runtime' } } }, { osRelease: debian, platform: 'linux' })
    expect(withNvidia.gpuSetup).toBeNull()
  })

  it('sees a registered nvidia runtime, a rootless engine and CDI spec dirs', () => {
    const e = engineInfoFrom('unix:///run/user/1000/docker.sock', version, {
      ...info,
      Runtimes: { ...info.Runtimes, nvidia: { path: 'nvidia-container-runtime' } },
      DefaultRuntime: 'nvidia',
      SecurityOptions: ['name=seccomp,profile=builtin', 'name=rootless', 'name=cgroupns'],
      CgroupVersion: '2',
      CDISpecDirs: ['/etc/cdi', '/var/run/cdi'],
    })
    expect(e).toMatchObject({ nvidiaRuntime: true, defaultRuntime: 'nvidia', rootless: true, cgroupVersion: '2', cdiSpecDirs: ['/etc/cdi', '/var/run/cdi'] })
  })
})

describe('apiAtLeast', () => {
  it('compares API versions numerically (DeviceRequests need 1.40)', () => {
    expect(apiAtLeast('1.41', '1.40')).toBe(true)
    expect(apiAtLeast('1.40', '1.40')).toBe(true)
    expect(apiAtLeast('1.39', '1.40')).toBe(false)
    expect(apiAtLeast('1.4', '1.40')).toBe(false)
    expect(apiAtLeast(null, '1.40')).toBe(false)
  })
})

describe('engineInfoFrom on Podman', () => {
  const podmanVersion = fixture('podman-version-4.3.json')
  const podmanInfo = fixture('podman-info-4.3.json')

  it('knows Podman from the real answer of Debian’s podman 4.3.1 (Components name it), and Docker from Docker’s', () => {
    const reason = { key: 'engine.choice.podmanRootful', params: { socket: '/run/podman/podman.sock' } }
    const e = engineInfoFrom('unix:///run/podman/podman.sock', podmanVersion, podmanInfo, { osRelease: null, platform: 'linux' }, reason)
    expect(e).toMatchObject({ engine: 'podman', serverVersion: '4.3.1', apiVersion: '1.41', rootless: false, endpointReason: reason })
    expect(engineInfoFrom('unix:///var/run/docker.sock', version, info).engine).toBe('docker')
  })

  it('asks for no nvidia runtime on Podman: its GPUs come through CDI, which the container check judges', () => {
    expect(engineInfoFrom('unix:///run/podman/podman.sock', podmanVersion, podmanInfo).gpuSetup).toBeNull()
    expect(engineInfoFrom('unix:///run/user/1000/podman/podman.sock', podmanVersion, { ...podmanInfo, Rootless: true }).rootless).toBe(true)
  })
})
