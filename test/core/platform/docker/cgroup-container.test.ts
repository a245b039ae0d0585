import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { containerFromCgroup } from '../../../../src/core/platform/docker/cgroup-container'

const ID = '7868250c471e3805bac9d027b6006a52e54c9cc696716d09cc2bd5ec652cd857'
const ID2 = 'b2c1f1dd2fb7c0e7a54f5c0a9d4f5a0e67e2a1bd4be0b0e0d5b26a7b6f6f2c11'

describe('containerFromCgroup', () => {
  it('reads a real cgroup v1 file of a Docker container (captured on Debian 12, cgroupfs driver)', () => {
    const text = readFileSync(new URL('../../../fixtures/docker/cgroup-v1-docker.txt', import.meta.url), 'utf8')
    expect(containerFromCgroup(text)).toEqual({ id: ID, runtime: 'docker' })
  })

  it.each([
    ['cgroup v2, systemd driver', `0::/system.slice/docker-${ID2}.scope`, 'docker'],
    ['cgroup v2, cgroupfs driver', `0::/docker/${ID2}`, 'docker'],
    ['cgroup v1 memory line', `12:memory:/docker/${ID2}\n11:devices:/docker/${ID2}`, 'docker'],
    ['Kubernetes with containerd (systemd)', `0::/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod1f2e.slice/cri-containerd-${ID2}.scope`, 'containerd'],
    ['containerd under its own service', `0::/system.slice/containerd.service/kubepods-burstable-pod9e8.slice:cri-containerd:${ID2}`, 'containerd'],
    ['Kubernetes, cgroupfs (v1)', `4:memory:/kubepods/besteffort/pod1f2e3d4c-aaaa-bbbb-cccc-000000000000/${ID2}`, 'docker'],
    ['CRI-O', `0::/kubepods.slice/kubepods-pod1.slice/crio-${ID2}.scope`, 'cri-o'],
    ['Podman', `0::/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-${ID2}.scope/container`, 'podman'],
  ])('%s', (_name, text, runtime) => {
    expect(containerFromCgroup(text)).toEqual({ id: ID2, runtime })
  })

  it('is null for host processes', () => {
    expect(containerFromCgroup('0::/user.slice/user-1000.slice/session-2.scope')).toBeNull()
    expect(containerFromCgroup('12:memory:/\n0::/')).toBeNull()
    expect(containerFromCgroup('0::/system.slice/docker.service')).toBeNull()
    expect(containerFromCgroup('')).toBeNull()
  })
})
