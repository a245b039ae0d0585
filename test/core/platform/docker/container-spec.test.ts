import { describe, expect, it } from 'vitest'

import { buildProbeContainer, deviceRequests } from '../../../../src/core/platform/docker/container-spec'

const base = {
  image: 'pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime',
  probeScript: '/opt/gpu-doctor/resources/probe/gpu_doctor_probe.py',
  probeArgs: ['--workload', 'conv', '--workload', 'sustained', '--seconds', '4'],
  session: '0d5c6f9e-1111-4222-8333-944445555666',
  ownerPid: 4242,
  ownerHost: 'gpu-box',
}

describe('the container-create request of a probe run (the contract the engine receives)', () => {
  it('`--gpus all --shm-size 8g`: every GPU, the probe read-only, no network, labelled for the sweep', () => {
    expect(buildProbeContainer({ ...base, gpus: 'all', shmSizeBytes: 8 * 1024 ** 3 })).toEqual({
      name: 'gpu-doctor-probe-0d5c6f9e-111',
      Image: 'pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime',
      Entrypoint: ['/bin/sh', '-c', 'exec "$(command -v python3 || command -v python || echo python3)" -X utf8 "$@"', 'gpu-doctor-probe'],
      Cmd: ['/opt/gpu-doctor/gpu_doctor_probe.py', '--workload', 'conv', '--workload', 'sustained', '--seconds', '4'],
      Env: ['PYTHONUNBUFFERED=1', 'PYTHONDONTWRITEBYTECODE=1'],
      Labels: {
        'gpu-doctor.managed': 'true',
        'gpu-doctor.session': '0d5c6f9e-1111-4222-8333-944445555666',
        'gpu-doctor.pid': '4242',
        'gpu-doctor.host': 'gpu-box',
      },
      AttachStdin: false,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      OpenStdin: false,
      HostConfig: {
        NetworkMode: 'none',
        Mounts: [{ Type: 'bind', Source: '/opt/gpu-doctor/resources/probe/gpu_doctor_probe.py', Target: '/opt/gpu-doctor/gpu_doctor_probe.py', ReadOnly: true }],
        ShmSize: 8589934592,
        DeviceRequests: [{ Driver: '', Count: -1, Capabilities: [['gpu']] }],
        AutoRemove: false,
      },
    })
  })

  it('`--gpus 0,2`: device ids, Count 0, as docker/cli sends them', () => {
    const spec = buildProbeContainer({ ...base, gpus: ['0', '2'] })
    expect(spec.HostConfig?.DeviceRequests).toEqual([{ Driver: '', Count: 0, DeviceIDs: ['0', '2'], Capabilities: [['gpu']] }])
    expect(spec.HostConfig).not.toHaveProperty('ShmSize')
  })

  it('`--gpus none` sends no device request; `--runtime nvidia` and `--python` are passed through', () => {
    const spec = buildProbeContainer({ ...base, gpus: 'none', runtime: 'nvidia', python: '/opt/conda/bin/python' })
    expect(spec.HostConfig).not.toHaveProperty('DeviceRequests')
    expect(spec.HostConfig?.Runtime).toBe('nvidia')
    expect(spec.Entrypoint).toEqual(['/opt/conda/bin/python'])
    expect(spec.Cmd?.slice(0, 3)).toEqual(['-X', 'utf8', '/opt/gpu-doctor/gpu_doctor_probe.py'])
  })

  it('deviceRequests by itself', () => {
    expect(deviceRequests('none')).toBeUndefined()
    expect(deviceRequests(['GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60'])?.[0]?.DeviceIDs).toEqual(['GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60'])
  })
})
