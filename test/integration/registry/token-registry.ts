import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createPrivateKey, createSign, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A real Docker registry (Debian's docker-registry, as scripts/ci/start-docker.sh installs it) with
// token auth, as Docker Hub, GHCR and nvcr.io run it: it answers 401 with a Bearer challenge naming a
// token service, and checks the RS256 JWT it is handed against a certificate. The token service is
// this test's: anonymous pull tokens for every repository except private/*, push with `Basic`.

export const REGISTRY_BINARY = '/usr/bin/docker-registry'
export const HAS_REGISTRY_BINARY = existsSync(REGISTRY_BINARY)

const SERVICE = 'gpu-doctor-token-test'
const ISSUER = 'gpu-doctor-test-issuer'
export const PUSH_USER = 'pusher'

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface TokenRegistry {
  base: string
  host: string
  /** Headers that let the test push (a push token for one repository). */
  pushAuth(repo: string): Record<string, string>
  /** Token requests the service answered, with their scope and whether they were anonymous. */
  tokenRequests: Array<{ scope: string | null; anonymous: boolean }>
  stop(): Promise<void>
}

export async function startTokenRegistry(): Promise<TokenRegistry> {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-doctor-token-registry-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', `/CN=${ISSUER}`], { stdio: 'ignore', timeout: 30_000 })
  const key = createPrivateKey(readFileSync(join(dir, 'key.pem')))
  const certDer = Buffer.from(readFileSync(join(dir, 'cert.pem'), 'utf8').replace(/-----[^-]+-----|\s/g, ''), 'base64')

  const sign = (access: Array<{ type: string; name: string; actions: string[] }>) => {
    const now = Math.floor(Date.now() / 1000)
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', x5c: [certDer.toString('base64')] }))
    const claims = b64url(JSON.stringify({ iss: ISSUER, sub: 'anonymous', aud: SERVICE, exp: now + 300, nbf: now - 10, iat: now, jti: randomBytes(8).toString('hex'), access }))
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key)
    return `${header}.${claims}.${b64url(signature)}`
  }

  const tokenRequests: TokenRegistry['tokenRequests'] = []
  const tokenPort = await freePort()
  const tokens: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${tokenPort}`)
    const scope = url.searchParams.get('scope')
    const anonymous = !req.headers.authorization
    tokenRequests.push({ scope, anonymous })
    const repo = /^repository:([^:]+):/.exec(scope ?? '')?.[1]
    if (!repo || url.searchParams.get('service') !== SERVICE || (anonymous && repo.startsWith('private/'))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ details: 'access to the requested resource is not authorized' }))
      return
    }
    const actions = anonymous ? ['pull'] : ['pull', 'push', 'delete']
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: sign([{ type: 'repository', name: repo, actions }]) }))
  })
  await new Promise<void>((resolve) => tokens.listen(tokenPort, '127.0.0.1', resolve))

  const port = await freePort()
  const config = join(dir, 'config.yml')
  writeFileSync(
    config,
    [
      'version: 0.1',
      'log: { level: warn }',
      `storage: { filesystem: { rootdirectory: ${join(dir, 'data')} }, delete: { enabled: true } }`,
      `http: { addr: '127.0.0.1:${port}' }`,
      `auth: { token: { realm: 'http://127.0.0.1:${tokenPort}/token', service: ${SERVICE}, issuer: ${ISSUER}, rootcertbundle: ${join(dir, 'cert.pem')} } }`,
    ].join('\n'),
  )
  const child: ChildProcess = spawn(REGISTRY_BINARY, ['serve', config], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await new Promise((resolve) => tokens.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  }
  const until = Date.now() + 20_000
  for (;;) {
    const status = await fetch(`${base}/v2/`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.status).catch(() => 0)
    if (status === 401) break
    if (Date.now() > until || child.exitCode !== null) {
      await stop()
      throw new Error(`the token-auth registry did not come up: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    base,
    host: `127.0.0.1:${port}`,
    pushAuth: (repo) => ({ authorization: `Bearer ${sign([{ type: 'repository', name: repo, actions: ['pull', 'push', 'delete'] }])}` }),
    tokenRequests,
    stop,
  }
}
