import { createHash, randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface StallingRegistry {
  /** host:port, on 127.0.0.1 (an insecure registry to Docker by default: plain HTTP). */
  host: string
  /** An image reference it serves: `${host}/gd-test/stall:latest`. */
  ref: string
  /** Bytes of the layer sent before the stall. */
  sentBeforeStall: number
  /** Requests seen (method and path). */
  requests: string[]
  close: () => Promise<void>
}

const sha = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`

/**
 * A Docker registry (API v2, just enough for a pull) whose one layer stalls: it sends the headers
 * and the first `sendBytes` of an 8 MiB blob, then nothing, keeping the connection open.
 */
export async function stallingRegistry(sendBytes = 256 * 1024): Promise<StallingRegistry> {
  const layer = randomBytes(8 * 1024 * 1024)
  const layerDigest = sha(layer)
  const config = Buffer.from(JSON.stringify({ architecture: 'amd64', os: 'linux', config: {}, rootfs: { type: 'layers', diff_ids: [layerDigest] } }))
  const configDigest = sha(config)
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      config: { mediaType: 'application/vnd.docker.container.image.v1+json', size: config.length, digest: configDigest },
      layers: [{ mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip', size: layer.length, digest: layerDigest }],
    }),
  )
  const manifestDigest = sha(manifest)
  const requests: string[] = []
  const sockets = new Set<Socket>()
  const send = (res: ServerResponse, body: Buffer, type: string, digest: string, head: boolean) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, 'Docker-Content-Digest': digest, 'Docker-Distribution-Api-Version': 'registry/2.0' })
    res.end(head ? undefined : body)
  }
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!
    const head = req.method === 'HEAD'
    requests.push(`${req.method} ${path}`)
    if (path === '/v2/' || path === '/v2') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Docker-Distribution-Api-Version': 'registry/2.0' })
      res.end('{}')
    } else if (/^\/v2\/gd-test\/stall\/manifests\/(latest|sha256:[0-9a-f]+)$/.test(path)) {
      send(res, manifest, 'application/vnd.docker.distribution.manifest.v2+json', manifestDigest, head)
    } else if (path === `/v2/gd-test/stall/blobs/${configDigest}`) {
      send(res, config, 'application/octet-stream', configDigest, head)
    } else if (path === `/v2/gd-test/stall/blobs/${layerDigest}`) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': layer.length, 'Docker-Content-Digest': layerDigest })
      if (!head) res.write(layer.subarray(0, sendBytes))
      else res.end()
      // …and nothing more: the connection stays open, silent.
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ errors: [{ code: 'NAME_UNKNOWN', message: 'not here' }] }))
    }
  })
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    host,
    ref: `${host}/gd-test/stall:latest`,
    sentBeforeStall: sendBytes,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
