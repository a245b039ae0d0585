import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { resolveHostedFile, SECURITY_HEADERS } from '../../src/core/platform/hosting'
import { handleAppProtocol } from '../../src/main/app-protocol'
import { makeRendererDir, type RendererFixture } from '../core/platform/hosting/fixture'

type Handler = (request: Request) => Promise<Response>
const electron = vi.hoisted(() => ({ handlers: new Map<string, (request: Request) => Promise<Response>>() }))

vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: vi.fn(),
    handle: (scheme: string, handler: Handler) => electron.handlers.set(scheme, handler),
  },
}))

function expectSecurityHeaders(res: Response): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value)
}

describe('app:// protocol', () => {
  let fx: RendererFixture
  let handle: Handler
  beforeAll(async () => {
    fx = await makeRendererDir()
    handleAppProtocol(fx.root)
    const handler = electron.handlers.get('app')
    if (!handler) throw new Error('app:// not handled')
    handle = handler
  })
  afterAll(() => fx.close())

  it('serves the renderer with the shared security headers', async () => {
    const res = await handle(new Request('app://gpu-doctor/'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toContain('GPU Doctor')
    expectSecurityHeaders(res)
    const js = await handle(new Request('app://gpu-doctor/assets/app.js?v=1#x'))
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    const head = await handle(new Request('app://gpu-doctor/assets/app.css', { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers as the shared resolver decides (core/platform/hosting), headers included', async () => {
    for (const path of ['/assets/link.txt', '/up/secret.txt', '/assets/..%2f..%2fsecret.txt', '/a%5c..%5cx.js', '/a%00.js', '/.env', '/run.sh', '/nope.js']) {
      const expected = await resolveHostedFile(fx.root, path)
      if (expected.ok) throw new Error(`${path} should be refused`)
      const res = await handle(new Request(`app://gpu-doctor${path}`))
      expect(res.status, path).toBe(expected.status)
      expect(await res.text(), path).toBe(expected.reason)
      expectSecurityHeaders(res)
    }
  })

  it.each(['app://evil/index.html', 'app://gpu-doctor.evil/index.html', 'app://user:pw@gpu-doctor/index.html'])(
    'refuses a foreign origin or credentials: %s',
    async (url) => {
      // Node's Request refuses URLs with credentials; Electron hands them over, so only url and method are given.
      const res = await handle({ url, method: 'GET' } as Request)
      expect(res.status).toBe(403)
      expectSecurityHeaders(res)
    },
  )

  it('refuses methods other than GET and HEAD', async () => {
    expect((await handle(new Request('app://gpu-doctor/', { method: 'POST' }))).status).toBe(405)
  })
})
