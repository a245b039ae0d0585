import { readOsRelease } from '../host/os-release'
import { toolkitInstall } from './toolkit-install'
import type Docker from 'dockerode'

import type { EngineInfo } from '../../../shared/docker'
import { withSignals } from './with-signals'
import { timeoutSignal } from '../util/deadline'
import { type Clock, realClock } from '../util/clock'

/** DeviceRequests (`--gpus`) arrived with Engine API 1.40, Docker 19.03. */
export const MIN_API_VERSION = '1.40'

interface VersionAnswer {
  Version?: string
  ApiVersion?: string
  Os?: string
  Components?: Array<{ Name?: string; Version?: string }>
  Platform?: { Name?: string }
}

interface InfoAnswer {
  ServerVersion?: string
  OperatingSystem?: string
  Runtimes?: Record<string, unknown>
  DefaultRuntime?: string
  CgroupVersion?: string
  CgroupDriver?: string
  SecurityOptions?: string[]
  CDISpecDirs?: string[]
  /** Podman's compat answer says it outright. */
  Rootless?: boolean
}

/**
 * Engine facts from `GET /version` and `GET /info`; pure, so it is tested on captured answers.
 * Without an nvidia runtime or CDI specs, `gpuSetup` holds the toolkit install for `osRelease`.
 */
export function engineInfoFrom(
  endpoint: string,
  version: VersionAnswer,
  info: InfoAnswer,
  host: { osRelease: string | null; platform: NodeJS.Platform } = { osRelease: null, platform: 'linux' },
  endpointReason: EngineInfo['endpointReason'] = null,
): EngineInfo {
  const runtimes = Object.keys(info.Runtimes ?? {}).sort()
  const rootless = info.Rootless === true || (info.SecurityOptions ?? []).some((o) => /(^|,)name=rootless(,|$)/.test(o))
  const engine = engineKind(version)
  // Podman reaches GPUs through CDI alone (its spec check is a finding of its own), never --gpus.
  const gpuPath = engine === 'podman' || runtimes.includes('nvidia') || (info.CDISpecDirs ?? []).length > 0
  return {
    endpoint,
    engine,
    endpointReason,
    serverVersion: info.ServerVersion ?? version.Version ?? null,
    apiVersion: version.ApiVersion ?? null,
    os: info.OperatingSystem ?? version.Os ?? null,
    runtimes,
    defaultRuntime: info.DefaultRuntime ?? null,
    nvidiaRuntime: runtimes.includes('nvidia'),
    cdiSpecDirs: info.CDISpecDirs ?? [],
    cgroupVersion: info.CgroupVersion ?? null,
    cgroupDriver: info.CgroupDriver ?? null,
    rootless,
    gpuSetup: gpuPath ? null : toolkitInstall(host.osRelease, host.platform, rootless),
  }
}

/** Podman's compat API answers `Components: [{ Name: "Podman Engine" }]` (Docker's: "Engine"). */
export function engineKind(version: VersionAnswer): EngineInfo['engine'] {
  const names = [...(version.Components ?? []).map((c) => c.Name ?? ''), version.Platform?.Name ?? '']
  return names.some((n) => /podman/i.test(n)) ? 'podman' : 'docker'
}

/** "1.41" < "1.40"? Numeric per part. */
export function apiAtLeast(version: string | null, minimum: string): boolean {
  if (!version) return false
  const a = version.split('.').map(Number)
  const b = minimum.split('.').map(Number)
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d > 0
  }
  return true
}

/** Ping, then version and info, each under the same deadline. Throws what dockerode throws. */
export async function readEngineInfo(docker: Docker, endpoint: string, timeoutMs = 3_000, endpointReason: EngineInfo['endpointReason'] = null, clock: Clock = realClock): Promise<EngineInfo> {
  const abortSignal = timeoutSignal(timeoutMs, clock)
  const api = withSignals(docker)
  await api.ping({ abortSignal })
  const [version, info] = await Promise.all([
    api.version({ abortSignal }) as Promise<VersionAnswer>,
    api.info({ abortSignal }) as Promise<InfoAnswer>,
  ])
  // A local engine runs on this OS; a remote one gets the generic Linux install.
  const local = /^(unix|npipe):/.test(endpoint)
  return engineInfoFrom(endpoint, version, info, { osRelease: local ? await readOsRelease() : null, platform: local ? process.platform : 'linux' }, endpointReason)
}
