import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type Server, type Socket } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface HangingEngine {
  socketPath: string
  /** DOCKER_HOST pointing at it. */
  env: Record<string, string>
  /** Requests that arrived (method and path), answered or not. */
  requests: string[]
  /** Resolves once the requests that arrived satisfy `seen` (checked at once, then at each arrival). */
  until: (seen: (requests: string[]) => boolean) => Promise<void>
  close: () => Promise<void>
}

/**
 * A Docker socket that hangs. `silent`: accepts connections and never writes a byte (not even to
 * /_ping). `after-ping`: a healthy-looking engine (ping, version, info) that never answers any
 * other call: listing images, pulling, creating a container.
 */
export async function hangingEngine(kind: 'silent' | 'after-ping'): Promise<HangingEngine> {
  const socketPath = join(mkdtempSync(join(tmpdir(), 'gd-hang-docker-')), 'docker.sock')
  const requests: string[] = []
  let waiters: Array<{ seen: (requests: string[]) => boolean; resolve: () => void }> = []
  const arrived = (request: string) => {
    requests.push(request)
    const ready = waiters.filter((w) => w.seen(requests))
    waiters = waiters.filter((w) => !ready.includes(w))
    for (const w of ready) w.resolve()
  }
  const sockets = new Set<Socket>()
  let server: Server
  if (kind === 'silent') {
    server = createNetServer((socket) => {
      sockets.add(socket)
      arrived('(connection)')
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    })
  } else {
    server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').replace(/^\/v[\d.]+/, '').split('?')[0]!
      arrived(`${req.method} ${path}`)
      const json = (body: unknown) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Api-Version': '1.45' })
        res.end(JSON.stringify(body))
      }
      if (path === '/_ping') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Api-Version': '1.45' })
        res.end('OK')
      } else if (path === '/version') json({ Version: '26.1.5', ApiVersion: '1.45', MinAPIVersion: '1.24', Os: 'linux', Arch: 'amd64' })
      else if (path === '/info') json({ ServerVersion: '26.1.5', OperatingSystem: 'Debian GNU/Linux 12 (bookworm)', OSType: 'linux', Architecture: 'x86_64', Runtimes: { runc: {} }, DefaultRuntime: 'runc', CDISpecDirs: [] })
      // Anything else: the request is read, and never answered.
    })
    server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
  }
  await new Promise<void>((resolve) => server.listen(socketPath, resolve))
  return {
    socketPath,
    env: { DOCKER_HOST: `unix://${socketPath}` },
    requests,
    until: (seen) => (seen(requests) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ seen, resolve }))),
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
