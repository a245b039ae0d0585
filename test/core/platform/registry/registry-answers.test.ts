import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { checkTag } from '../../../../src/core/platform/registry/tag-check'

// A registry on loopback that answers what each test makes it answer: malformed manifests, image
// configs and token answers must be said as such, on one line, never as a network failure.
type Handler = (req: IncomingMessage, res: ServerResponse, base: string) => void
let server: Server | null = null
const authorizations: string[] = []

async function registry(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization)
    handler(req, res, `http://127.0.0.1:${(server!.address() as AddressInfo).port}`)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  authorizations.length = 0
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
  server = null
})

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
/** Answers the manifest with `manifest`, and the config blob with `config`. */
const answering = (manifest: unknown, config?: unknown): Handler => (req, res) => (req.url?.includes('/blobs/') ? json(res, config) : json(res, manifest))
/** Asks for a bearer token at `realm`, which answers `token`; then the manifest of one platform. */
const tokenFlow = (realm: (base: string) => string, token: unknown): Handler => (req, res, base) => {
  if (req.url?.startsWith('/token')) return json(res, token)
  if (!req.headers.authorization) {
    res.writeHead(401, { 'www-authenticate': `Bearer realm="${realm(base)}",service="test"` })
    return res.end()
  }
  json(res, { manifests: [{ digest: 'sha256:aa', platform: { os: 'linux', architecture: 'amd64' } }] })
}

async function reasonFor(handler: Handler): Promise<string> {
  const host = await registry(handler)
  const r = await checkTag(`${host}/team/img:v1`, { timeoutMs: 5_000 })
  expect(r.status).toBe('not-checked')
  return r.status === 'not-checked' ? r.reason : ''
}

const UNEXPECTED = /^the registry answered something unexpected: /

describe('registry tag check: an answer that is not what the API says', () => {
  it('a well-formed index still reads (the control case)', async () => {
    const host = await registry(answering({ manifests: [{ digest: 'sha256:aa', platform: { os: 'linux', architecture: 'arm64', variant: 'v8' } }] }))
    expect(await checkTag(`${host}/team/img:v1`)).toMatchObject({ status: 'found', platforms: ['linux/arm64/v8'] })
  })

  it('manifests that are not a list: said as an unexpected answer, not "could not be reached"', async () => {
    const reason = await reasonFor(answering({ manifests: { length: 1 } }))
    expect(reason).toMatch(UNEXPECTED)
    expect(reason).toContain('manifests')
    expect(reason).not.toMatch(/could not be reached|is not a function/)
  })

  it('a platform name with a line break and an escape sequence cannot forge a line', async () => {
    const reason = await reasonFor(answering({ manifests: [{ platform: { os: 'linux\n[ok] forged: runs here\x1b[2J', architecture: 'amd64' } }] }))
    expect(reason).toMatch(UNEXPECTED)
    expect(reason).not.toContain('\n')
    expect(reason).not.toContain('\x1b')
  })

  it('an image config whose fields are not platform names, or a config digest that is not a digest', async () => {
    const config = await reasonFor(answering({ config: { digest: 'sha256:bb' } }, { os: 'linux', architecture: 'amd64\n[ok] forged: runs here' }))
    expect(config).toMatch(UNEXPECTED)
    expect(config).not.toContain('\n')
    const digest = await reasonFor(answering({ config: { digest: '../../../etc/passwd' } }))
    expect(digest).toMatch(UNEXPECTED)
  })

  it('a token realm that is a file: URL is refused as an unexpected answer, not "not implemented"', async () => {
    const reason = await reasonFor(tokenFlow(() => 'file:///etc/passwd', { token: 't' }))
    expect(reason).toBe('the registry answered something unexpected: its token service is not an http(s) address (file:///etc/passwd)')
  })

  it('a token that is an object is never sent as "Bearer [object Object]"', async () => {
    const reason = await reasonFor(tokenFlow((base) => `${base}/token`, { token: { value: 'x' } }))
    expect(reason).toMatch(UNEXPECTED)
    expect(authorizations).toEqual([])
  })

  it('a token with a line break is refused without echoing it on a line of its own', async () => {
    const reason = await reasonFor(tokenFlow((base) => `${base}/token`, { token: 'abc\n[ok] forged: runs here' }))
    expect(reason).toMatch(UNEXPECTED)
    expect(reason).not.toContain('\n')
    expect(authorizations).toEqual([])
  })

  it('a valid token still works', async () => {
    const host = await registry(tokenFlow((base) => `${base}/token`, { token: 'eyJ.abc-_' }))
    expect(await checkTag(`${host}/team/img:v1`)).toMatchObject({ status: 'found', platforms: ['linux/amd64'] })
    expect(authorizations).toEqual(['Bearer eyJ.abc-_'])
  })
})
