import type Docker from 'dockerode'

import type { GpuSelection } from './container-options'

/** Every container GPU Doctor starts carries this label; the sweep removes only these. */
export const MANAGED_LABEL = 'gpu-doctor.managed'
export const OWNER_PID_LABEL = 'gpu-doctor.pid'
export const OWNER_HOST_LABEL = 'gpu-doctor.host'
export const SESSION_LABEL = 'gpu-doctor.session'

/** Where the probe script is mounted inside the container (read-only). */
export const PROBE_IN_CONTAINER = '/opt/gpu-doctor/gpu_doctor_probe.py'

export interface ProbeContainerRequest {
  image: string
  /** Host path of resources/probe/gpu_doctor_probe.py. */
  probeScript: string
  /** Arguments after the script, e.g. ['--workload', 'conv']. */
  probeArgs: string[]
  gpus: GpuSelection
  /** Bytes; unset keeps the engine's default (64 MiB). */
  shmSizeBytes?: number
  /** An explicit OCI runtime, e.g. 'nvidia' (`--runtime`); unset uses the engine's default. */
  runtime?: string
  /** An interpreter inside the image; unset tries python3, then python. */
  python?: string
  session: string
  ownerPid: number
  ownerHost: string
}

/** `--gpus` as the Docker CLI turns it into DeviceRequests (docker/cli opts/gpus.go). */
export function deviceRequests(gpus: GpuSelection): Docker.DeviceRequest[] | undefined {
  if (gpus === 'none') return undefined
  if (gpus === 'all') return [{ Driver: '', Count: -1, Capabilities: [['gpu']] }]
  return [{ Driver: '', Count: 0, DeviceIDs: [...gpus], Capabilities: [['gpu']] }]
}

/**
 * The exact body of `POST /containers/create` for a probe run: the probe bind-mounted read-only,
 * no network, the GPU device request, labels for the sweep, no TTY (stdout and stderr stay apart).
 * Pure, and the tested contract of what the engine receives: no GPU machine with Docker is reachable.
 */
export function buildProbeContainer(req: ProbeContainerRequest): Docker.ContainerCreateOptions {
  const script = [PROBE_IN_CONTAINER, ...req.probeArgs]
  const entry = req.python
    ? { Entrypoint: [req.python], Cmd: ['-X', 'utf8', ...script] }
    : // Images differ: python3 in most, only python in some conda images.
      { Entrypoint: ['/bin/sh', '-c', 'exec "$(command -v python3 || command -v python || echo python3)" -X utf8 "$@"', 'gpu-doctor-probe'], Cmd: script }
  return {
    name: `gpu-doctor-probe-${req.session.slice(0, 12)}`,
    Image: req.image,
    ...entry,
    Env: ['PYTHONUNBUFFERED=1', 'PYTHONDONTWRITEBYTECODE=1'],
    Labels: {
      [MANAGED_LABEL]: 'true',
      [SESSION_LABEL]: req.session,
      [OWNER_PID_LABEL]: String(req.ownerPid),
      [OWNER_HOST_LABEL]: req.ownerHost,
    },
    AttachStdin: false,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    OpenStdin: false,
    HostConfig: {
      NetworkMode: 'none',
      Mounts: [{ Type: 'bind', Source: req.probeScript, Target: PROBE_IN_CONTAINER, ReadOnly: true }],
      ...(req.shmSizeBytes !== undefined ? { ShmSize: req.shmSizeBytes } : {}),
      ...(req.runtime ? { Runtime: req.runtime } : {}),
      ...(deviceRequests(req.gpus) ? { DeviceRequests: deviceRequests(req.gpus) } : {}),
      // Removed explicitly in a finally: AutoRemove would make the exit state unreadable.
      AutoRemove: false,
    },
  }
}
