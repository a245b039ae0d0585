import { describe, expect, it } from 'vitest'

import { buildProbeContainer } from '../../../../src/core/platform/docker/container-spec'
import { cdiDevices, podmanSpecFrom } from '../../../../src/core/platform/docker/podman-spec'

const base = {
  image: 'localhost/gpu-doctor-verify/torch-host:cu130',
  probeScript: '/opt/gpu-doctor/resources/probe/gpu_doctor_probe.py',
  probeArgs: ['--workload', 'conv'],
  session: '0d5c6f9e-1111-4222-8333-944445555666',
  ownerPid: 4242,
  ownerHost: 'gpu-box',
}

describe('the libpod create request of a probe run on Podman (the GPUs as CDI devices)', () => {
  it('`--gpus all --shm-size 8g`: nvidia.com/gpu=all, the probe read-only, no network, the same labels as on Docker', () => {
    const body = buildProbeContainer({ ...base, gpus: 'all', shmSizeBytes: 8 * 1024 ** 3 })
    expect(podmanSpecFrom(body, 'all')).toEqual({
      name: 'gpu-doctor-probe-0d5c6f9e-111',
      image: 'localhost/gpu-doctor-verify/torch-host:cu130',
      entrypoint: ['/bin/sh', '-c', 'exec "$(command -v python3 || command -v python || echo python3)" -X utf8 "$@"', 'gpu-doctor-probe'],
      command: ['/opt/gpu-doctor/gpu_doctor_probe.py', '--workload', 'conv'],
      env: { PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' },
      labels: body.Labels,
      netns: { nsmode: 'none' },
      mounts: [{ destination: '/opt/gpu-doctor/gpu_doctor_probe.py', source: '/opt/gpu-doctor/resources/probe/gpu_doctor_probe.py', type: 'bind', options: ['rbind', 'ro'] }],
      devices: [{ path: 'nvidia.com/gpu=all' }],
      shm_size: 8589934592,
      stdin: false,
      terminal: false,
    })
  })

  it('names chosen GPUs by index or UUID as nvidia-ctk does, none without GPUs, and passes an explicit runtime', () => {
    expect(cdiDevices(['0', 'GPU-cb9efb13-3bc7-724d-eedc-606692505e99'])).toEqual(['nvidia.com/gpu=0', 'nvidia.com/gpu=GPU-cb9efb13-3bc7-724d-eedc-606692505e99'])
    const none = podmanSpecFrom(buildProbeContainer({ ...base, gpus: 'none', runtime: 'runc' }), 'none')
    expect(none.devices).toBeUndefined()
    expect(none.oci_runtime).toBe('runc')
    expect(none.shm_size).toBeUndefined()
  })
})
