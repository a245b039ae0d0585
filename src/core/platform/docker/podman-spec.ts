import type Docker from 'dockerode'

import type { GpuSelection } from './container-options'

/**
 * The part of Podman's SpecGenerator (POST /libpod/containers/create) a probe container needs.
 * Podman 4's Docker-compatible create drops DeviceRequests and stats HostConfig.Devices as host
 * paths, so a CDI device (nvidia.com/gpu=all) reaches a container only through this endpoint.
 */
export interface PodmanSpec {
  name?: string
  image: string
  entrypoint?: string[]
  command?: string[]
  env: Record<string, string>
  labels: Record<string, string>
  netns: { nsmode: string }
  mounts: Array<{ destination: string; source: string; type: 'bind'; options: string[] }>
  devices?: Array<{ path: string }>
  shm_size?: number
  oci_runtime?: string
  stdin: boolean
  terminal: boolean
}

/** The libpod API version in the path; Podman 4.0 and later serve it. */
export const LIBPOD_CREATE_PATH = '/v4.0.0/libpod/containers/create'

/** CDI names of the GPUs: nvidia-ctk names each by index and UUID, and all of them "all". */
export function cdiDevices(gpus: GpuSelection): string[] {
  if (gpus === 'none') return []
  if (gpus === 'all') return ['nvidia.com/gpu=all']
  return gpus.map((id) => `nvidia.com/gpu=${id}`)
}

/** The same container as a Docker create body, for Podman: the GPUs as CDI devices. */
export function podmanSpecFrom(body: Docker.ContainerCreateOptions, gpus: GpuSelection): PodmanSpec {
  const host = body.HostConfig ?? {}
  const env = Object.fromEntries((body.Env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]))
  const asList = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])
  const devices = cdiDevices(gpus)
  return {
    ...(body.name ? { name: body.name } : {}),
    image: body.Image ?? '',
    ...(asList(body.Entrypoint) ? { entrypoint: asList(body.Entrypoint) } : {}),
    ...(asList(body.Cmd) ? { command: asList(body.Cmd) } : {}),
    env,
    labels: { ...(body.Labels ?? {}) },
    netns: { nsmode: host.NetworkMode === 'none' ? 'none' : 'bridge' },
    mounts: (host.Mounts ?? [])
      .filter((m) => m.Type === 'bind')
      .map((m) => ({ destination: m.Target, source: m.Source, type: 'bind' as const, options: ['rbind', m.ReadOnly ? 'ro' : 'rw'] })),
    ...(devices.length ? { devices: devices.map((path) => ({ path })) } : {}),
    ...(host.ShmSize !== undefined ? { shm_size: host.ShmSize } : {}),
    ...(host.Runtime ? { oci_runtime: host.Runtime } : {}),
    stdin: false,
    terminal: false,
  }
}
