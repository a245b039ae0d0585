import type { z } from 'zod'

import { parseChallenge } from './bearer-challenge'
import { echo, ErrorsAnswerSchema, firstProblem, ImageConfigSchema, ManifestSchema, type Platform, TokenAnswerSchema } from './registry-answers'
import { type RegistryAddress, registryAddress } from './registry-address'
import { deadlineSignal } from '../util/deadline'

/** What the registry said about one tag. */
export type TagCheck =
  | { image: string; status: 'found'; platforms: string[]; digest: string | null }
  | { image: string; status: 'missing'; detail: string }
  | { image: string; status: 'not-checked'; reason: string }

export interface TagCheckOptions {
  /** Per tag, all requests included. Default 15 s. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Registries spoken to over plain HTTP besides loopback ones ("registry.local:5000"). */
  insecureRegistries?: readonly string[]
}

const ACCEPT = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ')
// Manifests and image configs are small; a larger answer is not one.
const MAX_BODY = 4 * 1024 * 1024

class NotChecked extends Error {}

/** A registry answer that is not what the API says it is: said as such, with its first problem. */
function unexpected(what: string): NotChecked {
  return new NotChecked(`the registry answered something unexpected: ${what}`)
}

function validated<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw unexpected(`${what} (${firstProblem(parsed.error)})`)
  return parsed.data
}

async function readJson(res: Response): Promise<unknown> {
  const reader = res.body?.getReader()
  if (!reader) return null
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY) {
      await reader.cancel()
      throw new NotChecked(`the registry answered with more than ${MAX_BODY / 1024 / 1024} MiB`)
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new NotChecked('the registry answered with something that is not JSON')
  }
}

function networkReason(error: unknown, base: string, timeoutMs: number, signal: AbortSignal): string {
  if (signal.aborted) {
    const why = signal.reason as { name?: string } | undefined
    return why?.name === 'TimeoutError' ? `${base} did not answer within ${Math.round(timeoutMs / 1000)} s` : 'the check was cancelled'
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return `${base} refused the connection`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${new URL(base).host} could not be resolved (offline, or no such registry)`
    case 'ECONNRESET':
      return `${base} closed the connection`
    default:
      return `${base} could not be reached: ${echo(cause?.message ?? (error instanceof Error ? error.message : String(error)))}`
  }
}

/** The registry's token service, as Docker Hub, GHCR and nvcr.io run it: an anonymous pull token. */
async function bearerToken(challenge: { realm: string; service: string | null; scope: string | null }, a: RegistryAddress, signal: AbortSignal): Promise<string> {
  const url = URL.canParse(challenge.realm) ? new URL(challenge.realm) : null
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw unexpected(`its token service is not an http(s) address (${echo(challenge.realm)})`)
  if (challenge.service) url.searchParams.set('service', challenge.service)
  url.searchParams.set('scope', challenge.scope ?? `repository:${a.repository}:pull`)
  const res = await fetch(url, { signal })
  if (!res.ok) {
    await res.body?.cancel()
    throw new NotChecked(`the token service ${url.host} refused an anonymous pull token (HTTP ${res.status})`)
  }
  const body = validated(TokenAnswerSchema, await readJson(res), `the token service ${url.host} gave no usable token`)
  const token = body.token ?? body.access_token
  if (!token) throw new NotChecked(`the token service ${url.host} gave no token`)
  return token
}

type Getter = (path: string, accept: string) => Promise<Response>

/** GET with the registry's auth: anonymous first, then a bearer token when it asks for one. */
function authorised(a: RegistryAddress, signal: AbortSignal): Getter {
  let token: string | null = null
  return async (path, accept) => {
    const get = () => fetch(`${a.base}/v2/${a.repository}/${path}`, { headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal })
    let res = await get()
    if (res.status !== 401 || token) return res
    await res.body?.cancel()
    const challenge = parseChallenge(res.headers.get('www-authenticate'))
    if (challenge?.scheme === 'basic') throw new NotChecked(`${a.base} asks for a user name and password (Basic auth) and refused an anonymous pull`)
    if (challenge?.scheme !== 'bearer') throw new NotChecked(`${a.base} refused an anonymous pull (HTTP 401${challenge ? `, ${challenge.raw}` : ''})`)
    token = await bearerToken(challenge, a, signal)
    res = await get()
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel()
      throw new NotChecked(`${a.base} refused the pull token for ${a.repository} (private, or it needs a login)`)
    }
    return res
  }
}

const platformName = (p: Platform) => `${p.os}/${p.architecture}${p.variant ? `/${p.variant}` : ''}`

async function check(a: RegistryAddress, signal: AbortSignal): Promise<TagCheck> {
  const get = authorised(a, signal)
  const res = await get(`manifests/${a.tag}`, ACCEPT)
  if (res.status === 404) {
    const body = ErrorsAnswerSchema.safeParse(await readJson(res).catch(() => null))
    const code = body.success ? body.data.errors?.[0]?.code : undefined
    if (code === 'NAME_UNKNOWN') return { image: a.image, status: 'missing', detail: `no repository ${a.repository} on ${a.base}` }
    // The tags list tells a missing tag from a missing repository where the error does not.
    const tags = await get('tags/list?n=1', 'application/json')
    await tags.body?.cancel()
    const detail = tags.ok ? `${a.repository} has no tag ${a.tag}` : `no repository ${a.repository} on ${a.base}`
    return { image: a.image, status: 'missing', detail }
  }
  if (res.status === 429) {
    await res.body?.cancel()
    throw new NotChecked(`${a.base} rate-limited the request (HTTP 429); try again later`)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new NotChecked(`${a.base} answered HTTP ${res.status}`)
  }
  const digest = res.headers.get('docker-content-digest')
  const manifest = validated(ManifestSchema, await readJson(res), `a manifest GPU Doctor cannot read`)
  if (manifest.manifests) {
    // Build attestations are listed as unknown/unknown: not a platform anyone runs.
    const platforms = manifest.manifests.filter((m) => m.platform && m.platform.os !== 'unknown').map((m) => platformName(m.platform!))
    return { image: a.image, status: 'found', platforms: [...new Set(platforms)], digest }
  }
  const configDigest = manifest.config?.digest
  if (!configDigest) throw unexpected(`a manifest GPU Doctor cannot read (neither manifests nor config)`)
  // A single-platform manifest names its platform only in the image config.
  const blob = await get(`blobs/${configDigest}`, '*/*')
  if (!blob.ok) {
    await blob.body?.cancel()
    throw new NotChecked(`the image config of ${a.image} could not be read (HTTP ${blob.status})`)
  }
  const config = validated(ImageConfigSchema, await readJson(blob), `the image config of ${a.image} names no platform`)
  return { image: a.image, status: 'found', platforms: [platformName(config)], digest }
}

/**
 * Asks the image's registry (registry API v2) whether a tag exists and for which platforms: the
 * manifest with OCI index / manifest list Accept headers (anonymous, or with the bearer token the
 * registry's challenge points to), the image config for a single-platform tag, the tags list to
 * tell a missing tag from a missing repository. Offline, refused or too slow: `not-checked`, with why.
 */
export async function checkTag(image: string, options: TagCheckOptions = {}): Promise<TagCheck> {
  const resolved = registryAddress(image, options.insecureRegistries)
  if (!resolved.ok) return { image, status: 'not-checked', reason: resolved.reason }
  const a = resolved.address
  const timeoutMs = options.timeoutMs ?? 15_000
  const signal = deadlineSignal(timeoutMs, options.signal)
  try {
    return await check(a, signal)
  } catch (error) {
    if (error instanceof NotChecked) return { image, status: 'not-checked', reason: error.message }
    return { image, status: 'not-checked', reason: networkReason(error, a.base, timeoutMs, signal) }
  }
}

/** Every tag at once (each with its own timeout), in the order given. */
export function checkTags(images: readonly string[], options: TagCheckOptions = {}): Promise<TagCheck[]> {
  return Promise.all(images.map((image) => checkTag(image, options)))
}
