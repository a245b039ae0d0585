import { describe, expect, it } from 'vitest'

import { chooseEndpoint, describeEndpoint, DockerHostError, endpointLabel, isLocalEndpoint, resolveEndpoint } from '../../../../src/core/platform/docker/endpoint'

const none = () => false

describe('resolveEndpoint', () => {
  it('uses /var/run/docker.sock without DOCKER_HOST, Docker Desktop’s user socket when it exists, the named pipe on Windows', () => {
    expect(resolveEndpoint({ HOME: '/home/u' }, 'linux', none)).toEqual({ kind: 'unix', socketPath: '/var/run/docker.sock' })
    expect(resolveEndpoint({ HOME: '/home/u' }, 'linux', (p) => p === '/home/u/.docker/run/docker.sock')).toEqual({
      kind: 'unix',
      socketPath: '/home/u/.docker/run/docker.sock',
    })
    expect(resolveEndpoint({}, 'win32', none)).toEqual({ kind: 'npipe', socketPath: '//./pipe/docker_engine' })
  })

  it('honours DOCKER_HOST in every scheme the Docker CLI accepts', () => {
    expect(resolveEndpoint({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' }, 'linux', none)).toEqual({ kind: 'unix', socketPath: '/run/user/1000/docker.sock' })
    expect(resolveEndpoint({ DOCKER_HOST: 'npipe:////./pipe/docker_engine' }, 'win32', none)).toEqual({ kind: 'npipe', socketPath: '//./pipe/docker_engine' })
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://10.0.0.5:2375' }, 'linux', none)).toEqual({ kind: 'tcp', host: '10.0.0.5', port: 2375, tls: false })
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://gpu-box:2376' }, 'linux', none)).toMatchObject({ kind: 'tcp', port: 2376, tls: true })
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://gpu-box:2375', DOCKER_TLS_VERIFY: '1' }, 'linux', none)).toMatchObject({ tls: true })
    expect(resolveEndpoint({ DOCKER_HOST: 'localhost:2375' }, 'linux', none)).toEqual({ kind: 'tcp', host: 'localhost', port: 2375, tls: false })
    expect(resolveEndpoint({ DOCKER_HOST: 'ssh://me@gpu-box' }, 'linux', none)).toEqual({ kind: 'ssh', host: 'gpu-box', port: 22, username: 'me' })
  })

  it('gives tcp:// without a port 2375, or 2376 when the TLS variables are set', () => {
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1' }, 'linux', none)).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 2375, tls: false })
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1', DOCKER_TLS_VERIFY: '1' }, 'linux', none)).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 2376, tls: true })
    expect(resolveEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1/', DOCKER_TLS_VERIFY: '0' }, 'linux', none)).toMatchObject({ port: 2375, tls: false })
    expect(resolveEndpoint({ DOCKER_HOST: 'ssh://me@gpu-box:2222' }, 'linux', none)).toEqual({ kind: 'ssh', host: 'gpu-box', port: 2222, username: 'me' })
  })

  it('refuses, naming it, a DOCKER_HOST that names no engine: a registry URL, no host, a path, a bad port', () => {
    const refused = (value: string) => {
      let error: unknown
      try {
        resolveEndpoint({ DOCKER_HOST: value }, 'linux', none)
      } catch (e) {
        error = e
      }
      expect(error, value).toBeInstanceOf(DockerHostError)
      expect((error as Error).message, value).toContain(`DOCKER_HOST="${value}"`)
      return (error as Error).message
    }
    expect(refused('https://registry-1.docker.io')).toMatch(/registry URL/)
    expect(refused('http://127.0.0.1:5000')).toMatch(/registry URL/)
    expect(refused('tcp://')).toMatch(/no host/)
    expect(refused('tcp://:2375')).toMatch(/DOCKER_HOST/)
    expect(refused('tcp://gpu-box:2375/v2/')).toMatch(/path/)
    expect(refused('tcp://gpu-box:99999')).toMatch(/DOCKER_HOST/)
    expect(refused('tcp://me@gpu-box:2375')).toMatch(/ssh:\/\/USER@HOST/)
    expect(refused('fd://')).toMatch(/unsupported scheme/)
    expect(refused('tcp://[bad')).toMatch(/cannot be read/)
    expect(refused('ssh://')).toMatch(/no host/)
  })

  it('labels the endpoint it will connect to, or the raw value when it names none', () => {
    expect(endpointLabel({ DOCKER_HOST: 'tcp://127.0.0.1' })).toBe('tcp://127.0.0.1:2375')
    expect(endpointLabel({ DOCKER_HOST: 'https://registry-1.docker.io' })).toBe('https://registry-1.docker.io')
  })
})

describe('chooseEndpoint: which engine without DOCKER_HOST, and why', () => {
  const env = { HOME: '/home/u', XDG_RUNTIME_DIR: '/run/user/1000' }
  const only = (...paths: string[]) => (p: string) => paths.includes(p)
  const rootful = '/run/podman/podman.sock'
  const rootless = '/run/user/1000/podman/podman.sock'

  it('prefers a Docker socket; Podman’s only when none exists', () => {
    expect(chooseEndpoint(env, 'linux', only('/var/run/docker.sock', rootful), 0)).toEqual({
      endpoint: { kind: 'unix', socketPath: '/var/run/docker.sock' },
      reason: { key: 'engine.choice.docker', params: { socket: '/var/run/docker.sock' } },
    })
    expect(chooseEndpoint(env, 'linux', only(rootful), 0).reason.key).toBe('engine.choice.podmanRootful')
  })

  it('root takes rootful Podman first, a user their own rootless socket first', () => {
    expect(chooseEndpoint(env, 'linux', only(rootful, rootless), 0).endpoint).toEqual({ kind: 'unix', socketPath: rootful })
    expect(chooseEndpoint(env, 'linux', only(rootful, rootless), 1000)).toEqual({
      endpoint: { kind: 'unix', socketPath: rootless },
      reason: { key: 'engine.choice.podmanRootless', params: { socket: rootless } },
    })
    expect(chooseEndpoint(env, 'linux', only(rootful), 1000).endpoint).toEqual({ kind: 'unix', socketPath: rootful })
  })

  it('says DOCKER_HOST decided when it is set, and names Docker’s default when nothing exists', () => {
    expect(chooseEndpoint({ ...env, DOCKER_HOST: 'unix:///run/podman/podman.sock' }, 'linux', none, 0).reason).toEqual({
      key: 'engine.choice.dockerHost',
      params: { socket: 'unix:///run/podman/podman.sock' },
    })
    expect(chooseEndpoint(env, 'linux', none, 0)).toEqual({
      endpoint: { kind: 'unix', socketPath: '/var/run/docker.sock' },
      reason: { key: 'engine.choice.fallback', params: { socket: '/var/run/docker.sock' } },
    })
  })
})

describe('describeEndpoint / isLocalEndpoint', () => {
  it('writes the endpoint as a person would and knows which ones see this disk', () => {
    expect(describeEndpoint({ kind: 'unix', socketPath: '/var/run/docker.sock' })).toBe('unix:///var/run/docker.sock')
    expect(describeEndpoint({ kind: 'tcp', host: 'h', port: 2376, tls: true })).toBe('https://h:2376')
    expect(describeEndpoint({ kind: 'ssh', host: 'h', port: 22, username: 'me' })).toBe('ssh://me@h:22')
    expect(isLocalEndpoint({ kind: 'unix', socketPath: '/x' })).toBe(true)
    expect(isLocalEndpoint({ kind: 'tcp', host: '127.0.0.1', port: 2375, tls: false })).toBe(true)
    expect(isLocalEndpoint({ kind: 'tcp', host: 'gpu-box', port: 2375, tls: false })).toBe(false)
    expect(isLocalEndpoint({ kind: 'ssh', host: 'gpu-box', port: 22, username: null })).toBe(false)
  })
})
