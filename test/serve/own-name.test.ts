import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it, vi } from 'vitest'

import { startServer } from '../../src/serve'
import { FakeCore } from './fake-core'
import { auth, raw, TOKEN } from './helpers'

// A machine named in Chinese: the browser asks for it by the name's ASCII (punycode) form.
vi.mock('node:os', async (actual) => ({ ...(await actual<typeof import('node:os')>()), hostname: () => '训练节点-01' }))

describe('bound to every interface on a machine with a CJK host name', () => {
  it('accepts the name as a browser sends it (xn--…), still refuses foreign names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-serve-'))
    const server = await startServer({ core: new FakeCore(), host: '0.0.0.0', rendererDir: dir, token: TOKEN })
    try {
      const get = (host: string) => raw(server.port, '/', { headers: { ...auth, Host: host } })
      expect((await get(`xn---01-l27g321doefmts:${server.port}`)).status).toBe(404) // allowed; no index.html here
      expect((await get(`xn---01-l27g321doefmtt:${server.port}`)).status).toBe(403)
    } finally {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
