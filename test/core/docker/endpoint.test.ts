import { describe, expect, it } from 'vitest'

import { describeEndpoint, isLocalEndpoint, resolveEndpoint } from '../../../src/core/docker/endpoint'

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

  it('rejects what it cannot read', () => {
    expect(() => resolveEndpoint({ DOCKER_HOST: 'fd://' }, 'linux', none)).toThrow(/unsupported scheme/)
    expect(() => resolveEndpoint({ DOCKER_HOST: 'tcp://[bad' }, 'linux', none)).toThrow(/DOCKER_HOST/)
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
