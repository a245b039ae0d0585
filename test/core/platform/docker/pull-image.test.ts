import { PassThrough } from 'node:stream'

import Docker from 'dockerode'
import { describe, expect, it } from 'vitest'

import { pullImage } from '../../../../src/core/platform/docker/pull-image'

// Streams the engine cannot be made to produce on demand (a full disk, a connection that drops
// mid-pull), fed to the real dockerode client and its real followProgress.
function engineStreaming(lines: string[], imagePresent: boolean): Docker {
  const docker = new Docker({ socketPath: '/nonexistent.sock' })
  docker.createImage = (async () => {
    const body = new PassThrough()
    setImmediate(() => {
      for (const line of lines) body.write(`${line}\n`)
      body.end()
    })
    return body
  }) as unknown as Docker['createImage']
  // The image check after a stream without its closing status (GET /images/NAME/json).
  docker.modem.dial = ((_options: unknown, callback: (error: unknown, data?: unknown) => void) =>
    imagePresent ? callback(null, {}) : callback(Object.assign(new Error('No such image'), { statusCode: 404 }))) as Docker['modem']['dial']
  return docker
}
const layer = (status: string, extra: object = {}) => JSON.stringify({ id: 'aaa', status, progressDetail: {}, ...extra })

describe('pullImage: what the stream says, not the HTTP status', () => {
  it('an error line inside an HTTP 200 stream fails the pull with its explanation', async () => {
    const docker = engineStreaming(
      [
        JSON.stringify({ status: 'Pulling from library/x', id: 'latest' }),
        layer('Downloading', { progressDetail: { current: 10, total: 100 } }),
        JSON.stringify({ errorDetail: { message: 'write /var/lib/docker/tmp/GetImageBlob1: no space left on device' }, error: 'no space left on device' }),
      ],
      false,
    )
    const r = await pullImage(docker, 'x:latest', { endpoint: 'test' })
    expect(r.ok ? 'ok' : r.problem.code).toBe('no-space')
    expect(r.snapshot?.bytesDone).toBe(10)
  })

  it('a stream that ends without the closing status and no image is incomplete, not a success', async () => {
    const r = await pullImage(engineStreaming([layer('Pulling fs layer'), layer('Downloading', { progressDetail: { current: 5, total: 100 } })], false), 'x:1', { endpoint: 'test' })
    expect(r.ok ? 'ok' : r.problem).toMatchObject({ code: 'incomplete', detail: '0/1 layers done' })
  })

  it('a stream without the closing status is fine when the image is there; a line that is not JSON is skipped', async () => {
    const r = await pullImage(engineStreaming(['this is not json', layer('Already exists'), JSON.stringify({ status: 'Digest: sha256:abc' })], true), 'x:1', { endpoint: 'test' })
    expect(r).toMatchObject({ ok: true, digest: 'sha256:abc' })
  })
})
