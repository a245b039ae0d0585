import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

import Docker from 'dockerode'

import { sshDialAgent } from './ssh-agent'
import { readRegularTextSync } from '../files/read-regular'
import { truncateEcho } from '../../../shared/echo-cut'

/** Where the engine is, as DOCKER_HOST or the platform default says. */
export type Endpoint =
  | { kind: 'unix'; socketPath: string }
  | { kind: 'npipe'; socketPath: string }
  | { kind: 'tcp'; host: string; port: number; tls: boolean }
  | { kind: 'ssh'; host: string; port: number; username: string | null }

const WINDOWS_PIPE = '//./pipe/docker_engine'

const FORMS = 'unix:///var/run/docker.sock, tcp://HOST:2375 (2376 with TLS), ssh://USER@HOST or npipe:////./pipe/docker_engine'

/** A DOCKER_HOST that names no engine; the message names the value and the forms that work. */
export class DockerHostError extends Error {}

const bad = (raw: string, why: string) => new DockerHostError(`DOCKER_HOST="${raw}" ${why}; it must be an engine address such as ${FORMS}.`)

/** Why this endpoint: a docker-notes key (engine.choice.*) and the socket it names. */
export interface EndpointChoice {
  endpoint: Endpoint
  reason: { key: EndpointReasonKey; params: { socket: string } }
}
export type EndpointReasonKey =
  | 'engine.choice.dockerHost'
  | 'engine.choice.dockerDesktop'
  | 'engine.choice.docker'
  | 'engine.choice.podmanRootful'
  | 'engine.choice.podmanRootless'
  | 'engine.choice.fallback'

const DOCKER_SOCKET = '/var/run/docker.sock'
const PODMAN_ROOTFUL = '/run/podman/podman.sock'

/**
 * Reads DOCKER_HOST (unix://, npipe://, tcp://, ssh://, or host:port) the way the Docker CLI does.
 * Without it, the first socket that exists: Docker Desktop's user socket, /var/run/docker.sock, then
 * Podman's (`podman system service`): rootful /run/podman/podman.sock and rootless
 * $XDG_RUNTIME_DIR/podman/podman.sock, the user's own first when not root (root's is not theirs to
 * use). None: /var/run/docker.sock, for the "not running" problem. Throws a DockerHostError on a
 * DOCKER_HOST that names no engine: a web or registry URL (http://, https://), no host, a path, a bad port.
 */
export function chooseEndpoint(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
  uid: number | null = process.getuid?.() ?? null,
): EndpointChoice {
  const raw = env.DOCKER_HOST?.trim()
  if (raw) {
    const endpoint = resolveEndpoint(env, platform, exists)
    return { endpoint, reason: { key: 'engine.choice.dockerHost', params: { socket: describeEndpoint(endpoint) } } }
  }
  const unix = (socketPath: string, key: EndpointReasonKey): EndpointChoice => ({ endpoint: { kind: 'unix', socketPath }, reason: { key, params: { socket: socketPath } } })
  if (platform === 'win32') return { endpoint: { kind: 'npipe', socketPath: WINDOWS_PIPE }, reason: { key: 'engine.choice.docker', params: { socket: WINDOWS_PIPE } } }
  const desktop = join(env.HOME ?? homedir(), '.docker', 'run', 'docker.sock')
  const rootless = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'podman', 'podman.sock') : null
  const podman: Array<readonly [string | null, EndpointReasonKey]> = [
    [PODMAN_ROOTFUL, 'engine.choice.podmanRootful'],
    [rootless, 'engine.choice.podmanRootless'],
  ]
  if (uid !== 0) podman.reverse()
  const candidates = [[desktop, 'engine.choice.dockerDesktop'] as const, [DOCKER_SOCKET, 'engine.choice.docker'] as const, ...podman]
  for (const [path, key] of candidates) if (path && exists(path)) return unix(path, key)
  return unix(DOCKER_SOCKET, 'engine.choice.fallback')
}

/** The endpoint alone; see chooseEndpoint for the order without DOCKER_HOST. */
export function resolveEndpoint(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): Endpoint {
  const raw = env.DOCKER_HOST?.trim()
  if (!raw) return chooseEndpoint(env, platform, exists).endpoint
  if (raw.startsWith('unix://')) return { kind: 'unix', socketPath: raw.slice(7) || '/var/run/docker.sock' }
  if (raw.startsWith('npipe://')) return { kind: 'npipe', socketPath: raw.slice(8) || WINDOWS_PIPE }
  if (/^https?:\/\//i.test(raw)) throw bad(raw, 'is a web or registry URL, not a Docker engine (images are pulled through the engine, not from DOCKER_HOST)')
  let url: URL
  try {
    url = new URL(raw.includes('://') ? raw : `tcp://${raw}`)
  } catch {
    throw bad(raw, 'cannot be read')
  }
  if (url.protocol !== 'tcp:' && url.protocol !== 'ssh:') throw bad(raw, `has an unsupported scheme ${url.protocol}//`)
  if (!url.hostname) throw bad(raw, 'names no host')
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) throw bad(raw, 'has a path; an engine address has none')
  const port = url.port ? Number(url.port) : null
  if (port !== null && !(port >= 1 && port <= 65535)) throw bad(raw, 'has no valid port')
  if (url.protocol === 'ssh:') return { kind: 'ssh', host: url.hostname, port: port ?? 22, username: decodeURIComponent(url.username) || null }
  if (url.username || url.password) throw bad(raw, 'carries a user name; tcp:// takes none (use ssh://USER@HOST)')
  const tlsVars = (env.DOCKER_TLS_VERIFY ?? '') !== '' && env.DOCKER_TLS_VERIFY !== '0'
  const tls = tlsVars || env.DOCKER_TLS === '1' || port === 2376
  return { kind: 'tcp', host: url.hostname, port: port ?? (tls ? 2376 : 2375), tls }
}

/** The endpoint as a person would write it, shown with every problem ("tried unix:///var/run/docker.sock"). */
export function describeEndpoint(endpoint: Endpoint): string {
  // DOCKER_HOST is the user's text: a 10 KiB one is echoed with the documented cut.
  return truncateEcho(endpointText(endpoint))
}

function endpointText(endpoint: Endpoint): string {
  switch (endpoint.kind) {
    case 'unix':
      return `unix://${endpoint.socketPath}`
    case 'npipe':
      return `npipe://${endpoint.socketPath}`
    case 'tcp':
      return `${endpoint.tls ? 'https' : 'tcp'}://${endpoint.host}:${endpoint.port}`
    case 'ssh':
      return `ssh://${endpoint.username ? `${endpoint.username}@` : ''}${endpoint.host}:${endpoint.port}`
  }
}

/** The endpoint DOCKER_HOST resolves to, as describeEndpoint writes it; the raw value when it names none. */
export function endpointLabel(env: NodeJS.ProcessEnv): string {
  try {
    return describeEndpoint(resolveEndpoint(env))
  } catch {
    return truncateEcho(env.DOCKER_HOST ?? '')
  }
}

/** Whether bind mounts of this machine's files reach the engine (a remote engine sees its own disk). */
export function isLocalEndpoint(endpoint: Endpoint): boolean {
  return endpoint.kind === 'unix' || endpoint.kind === 'npipe' || (endpoint.kind === 'tcp' && /^(localhost|127\.|::1$)/.test(endpoint.host))
}

/**
 * A dockerode client for the endpoint. No modem-wide timeouts: its `timeout` is an idle timeout
 * that cuts long waits and pulls, and its `connectionTimeout` runs until the response headers
 * (a container create that copies a large image takes longer). Every call passes its own deadline.
 */
export function createDockerClient(endpoint: Endpoint, env: NodeJS.ProcessEnv = process.env): Docker {
  const base = {}
  switch (endpoint.kind) {
    case 'unix':
    case 'npipe':
      return new Docker({ ...base, socketPath: endpoint.socketPath })
    case 'tcp': {
      const certs = env.DOCKER_CERT_PATH
      return new Docker({ ...base, host: endpoint.host, port: endpoint.port, protocol: endpoint.tls ? 'https' : 'http', ...(certs ? tlsFiles(certs) : {}) })
    }
    case 'ssh':
      // Plain HTTP through an agent that opens the SSH channel: docker-modem's own 'ssh' protocol
      // builds an `ssh:host:port` URL that Node's url.parse warns about (DEP0170).
      return new Docker({ ...base, host: endpoint.host, port: endpoint.port, protocol: 'http', agent: sshDialAgent(endpoint, env) } as Docker.DockerOptions)
  }
}

function tlsFiles(dir: string): { ca?: string; cert?: string; key?: string } {
  // A certificate is a few KiB; DOCKER_CERT_PATH pointing at a FIFO or a huge file is not read whole.
  const file = (name: string) => (existsSync(join(dir, name)) ? readRegularTextSync(join(dir, name), 1024 * 1024) : undefined)
  return { ca: file('ca.pem'), cert: file('cert.pem'), key: file('key.pem') }
}
