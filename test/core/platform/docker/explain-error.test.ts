import { describe, expect, it } from 'vitest'

import { explainDockerError } from '../../../../src/core/platform/docker/explain-error'

const SOCK = 'unix:///var/run/docker.sock'
const errno = (code: string, message: string) => Object.assign(new Error(message), { code, syscall: 'connect' })
/** What docker-modem builds from an HTTP error: statusCode, reason and the engine's JSON. */
const http = (statusCode: number, message: string) =>
  Object.assign(new Error(`(HTTP code ${statusCode}) unexpected - ${message} `), { statusCode, reason: 'unexpected', json: { message } })
const explain = (e: unknown) => explainDockerError(e, SOCK)

describe('explainDockerError: the socket', () => {
  it('ENOENT: the engine is not running, naming the endpoint tried', () => {
    const p = explain(errno('ENOENT', `connect ENOENT /var/run/docker.sock`))
    expect(p.code).toBe('engine-not-running')
    expect(p.message).toContain(SOCK)
    expect(p.fix).toMatch(/systemctl start docker/)
    expect(p.detail).toMatch(/^ENOENT \(connect\)/)
  })

  it('EACCES: not in the docker group, with the usermod fix', () => {
    const p = explain(errno('EACCES', 'connect EACCES /var/run/docker.sock'))
    expect(p.code).toBe('permission-denied')
    expect(p.failureModeId).toBe('docker-socket-permission-denied')
    expect(p.fix).toContain('sudo usermod -aG docker $USER')
  })

  it('ECONNREFUSED: the socket exists, nothing listens', () => {
    expect(explain(errno('ECONNREFUSED', 'connect ECONNREFUSED /var/run/docker.sock')).code).toBe('connection-refused')
  })

  it('a deadline (AbortSignal.timeout) is a timeout, a plain abort a cancel', () => {
    const timeout = Object.assign(new Error('The operation was aborted'), { name: 'AbortError', cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError') })
    expect(explain(timeout).code).toBe('timeout')
    expect(explain(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })).code).toBe('cancelled')
  })
})

describe('explainDockerError: engine and registry messages', () => {
  it.each([
    ['could not select device driver "" with capabilities: [[gpu]]', 'gpu-support-missing', 'docker-gpu-support-missing'],
    ['could not select device driver "nvidia" with capabilities: [[gpu]]', 'gpu-support-missing', 'docker-gpu-support-missing'],
    ['Unknown runtime specified nvidia', 'nvidia-runtime-not-registered', 'nvidia-runtime-not-registered'],
    ['unknown or invalid runtime name: nvidia', 'nvidia-runtime-not-registered', 'nvidia-runtime-not-registered'],
    [
      'failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as \'legacy\'\nnvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown',
      'image-requires-newer-driver',
      'image-requires-newer-driver',
    ],
    // Podman 4.3.1 starting a container that asks for nvidia.com/gpu=all with no spec in /etc/cdi (captured).
    ['setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all', 'cdi-device-unresolvable', 'cdi-spec-missing-or-stale'],
    ['nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown', 'container-cli-cannot-load-nvml', 'container-cli-cannot-load-nvml'],
  ])('%s', (message, code, failureModeId) => {
    const p = explain(http(500, message))
    expect(p.code).toBe(code)
    expect(p.failureModeId).toBe(failureModeId)
    expect(p.detail).toBe(message)
  })

  it.each([
    [404, 'manifest for pytorch/pytorch:2.9.9 not found: manifest unknown: manifest unknown', 'manifest-unknown'],
    [404, 'manifest unknown', 'manifest-unknown'],
    [404, 'pull access denied for gpu-doctor/private, repository does not exist or may require \'docker login\': denied: requested access to the resource is denied', 'auth-failed'],
    [500, 'Head "http://127.0.0.1:5001/v2/x/manifests/y": no basic auth credentials', 'auth-failed'],
    [500, 'unauthorized: authentication required', 'auth-failed'],
    [500, 'Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: no such host', 'registry-unreachable'],
    [500, 'Get "http://127.0.0.1:5999/v2/": dial tcp 127.0.0.1:5999: connect: connection refused', 'registry-unreachable'],
    [500, 'Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)', 'registry-unreachable'],
    [500, 'write /var/lib/docker/tmp/GetImageBlob123: no space left on device', 'no-space'],
    [400, 'invalid reference format: repository name must be lowercase', 'invalid-reference'],
    [400, 'client version 1.43 is too new. Maximum supported API version is 1.39', 'api-too-old'],
    [404, 'No such image: gpu-doctor-test/none:1', 'image-not-found'],
  ])('HTTP %i %s', (status, message, code) => {
    expect(explain(http(status, message)).code).toBe(code)
  })

  it('reads messages that arrive as text inside a pull stream, and falls back to the status code', () => {
    expect(explain(new Error('manifest unknown')).code).toBe('manifest-unknown')
    expect(explain(http(401, 'something new')).code).toBe('auth-failed')
    const other = explain(http(500, 'something nobody has seen'))
    expect(other.code).toBe('failed')
    expect(other.message).toContain('something nobody has seen')
  })
})
