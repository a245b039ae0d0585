import { createServer as createHttpServer } from 'node:http'
import { createServer as createNetServer, type Server } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Docker from 'dockerode'
import { afterEach, describe, expect, it } from 'vitest'

import { engineLostProblem, isConnectionBroken } from '../../../../src/core/platform/docker/engine-watch'

// Real dockerode calls against sockets that misbehave the way a dying engine does, so the errors
// classified are the ones runContainer's `wait` really sees.
describe('an engine lost mid-wait', () => {
  const cleanup: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c()
  })
  const listen = async (server: Server) => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-engine-lost-'))
    const socketPath = join(dir, 'docker.sock')
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    cleanup.push(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(dir, { recursive: true, force: true })
    })
    return new Docker({ socketPath })
  }
  const failureOf = async (docker: Docker) => {
    try {
      await docker.getContainer('c0ffee').wait({ abortSignal: AbortSignal.timeout(5_000) } as Docker.ContainerWaitOptions)
    } catch (error) {
      return error
    }
    throw new Error('the call succeeded')
  }

  it('a connection the engine drops after reading the request (a SIGKILLed dockerd) is a lost engine, said as such', async () => {
    const docker = await listen(createNetServer((socket) => socket.once('data', () => socket.destroy())))
    const error = await failureOf(docker)
    expect(isConnectionBroken(error)).toBe(true)
    expect(engineLostProblem(error, 'unix:///run/docker.sock').message).toBe(
      "The Docker engine at unix:///run/docker.sock stopped answering during the run (it exited, was restarted or hangs): the probe's result is lost.",
    )
  })

  it('an engine that answers with an HTTP error (the container was removed by someone) is not a lost engine', async () => {
    const docker = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(404, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ message: 'No such container: c0ffee' }))
      }) as unknown as Server,
    )
    expect(isConnectionBroken(await failureOf(docker))).toBe(false)
  })

  it('our own deadline or cancel is not a lost engine', () => {
    expect(isConnectionBroken(new DOMException('aborted', 'AbortError'))).toBe(false)
    expect(isConnectionBroken(new DOMException('timed out', 'TimeoutError'))).toBe(false)
  })
})
