import { createHash, randomBytes } from 'node:crypto'

// Pushes images to a registry through the registry API v2 (no engine): blobs by monolithic
// upload, then manifests and an OCI index. What a test pushes it deletes again (the CI registries
// run with delete enabled).

const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json'
const OCI_INDEX = 'application/vnd.oci.image.index.v1+json'

const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`)
  return res
}

/** Headers for every request: an Authorization for a registry with token auth. */
export type PushAuth = Record<string, string>

async function pushBlob(base: string, repo: string, data: Buffer, auth: PushAuth): Promise<{ digest: string; size: number }> {
  const digest = sha256(data)
  const start = await ok(await fetch(`${base}/v2/${repo}/blobs/uploads/`, { method: 'POST', headers: auth, signal: AbortSignal.timeout(10_000) }), 'start upload')
  const location = new URL(start.headers.get('location')!, base)
  location.searchParams.set('digest', digest)
  await ok(
    await fetch(location, { method: 'PUT', body: new Uint8Array(data), headers: { ...auth, 'content-type': 'application/octet-stream' }, signal: AbortSignal.timeout(10_000) }),
    'upload blob',
  )
  return { digest, size: data.length }
}

async function putManifest(base: string, repo: string, reference: string, mediaType: string, body: object, auth: PushAuth): Promise<{ digest: string; size: number }> {
  const data = Buffer.from(JSON.stringify(body))
  await ok(
    await fetch(`${base}/v2/${repo}/manifests/${reference}`, { method: 'PUT', body: new Uint8Array(data), headers: { ...auth, 'content-type': mediaType }, signal: AbortSignal.timeout(10_000) }),
    `put manifest ${reference}`,
  )
  return { digest: sha256(data), size: data.length }
}

/** One single-platform OCI image: a config naming the platform and one small layer. */
async function pushImage(base: string, repo: string, reference: string, platform: { os: string; architecture: string }, auth: PushAuth) {
  const layer = await pushBlob(base, repo, randomBytes(64), auth)
  const config = await pushBlob(base, repo, Buffer.from(JSON.stringify({ ...platform, rootfs: { type: 'layers', diff_ids: [layer.digest] }, config: {} })), auth)
  return putManifest(base, repo, reference, OCI_MANIFEST, {
    schemaVersion: 2,
    mediaType: OCI_MANIFEST,
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...config },
    layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', ...layer }],
  }, auth)
}

/** A tag for one platform. Returns the manifest digests to delete. */
export async function pushSinglePlatform(base: string, repo: string, tag: string, architecture: string, auth: PushAuth = {}): Promise<string[]> {
  const m = await pushImage(base, repo, tag, { os: 'linux', architecture }, auth)
  return [m.digest]
}

/** A tag that is an OCI index over one image per architecture, plus an attestation entry (unknown/unknown) as buildx writes. */
export async function pushMultiPlatform(base: string, repo: string, tag: string, architectures: string[], auth: PushAuth = {}): Promise<string[]> {
  const images = []
  for (const architecture of architectures) images.push({ architecture, ...(await pushImage(base, repo, `${tag}-${architecture}`, { os: 'linux', architecture }, auth)) })
  const attestation = await pushImage(base, repo, `${tag}-attestation`, { os: 'unknown', architecture: 'unknown' }, auth)
  const index = await putManifest(base, repo, tag, OCI_INDEX, {
    schemaVersion: 2,
    mediaType: OCI_INDEX,
    manifests: [
      ...images.map((m) => ({ mediaType: OCI_MANIFEST, digest: m.digest, size: m.size, platform: { os: 'linux', architecture: m.architecture } })),
      { mediaType: OCI_MANIFEST, digest: attestation.digest, size: attestation.size, platform: { os: 'unknown', architecture: 'unknown' } },
    ],
  }, auth)
  return [index.digest, ...images.map((m) => m.digest), attestation.digest]
}

/** Deletes manifests by digest (their tags go with them); blobs stay until the registry's garbage collection. */
export async function deleteManifests(base: string, repo: string, digests: readonly string[], auth: PushAuth = {}): Promise<void> {
  for (const digest of digests) {
    await fetch(`${base}/v2/${repo}/manifests/${digest}`, { method: 'DELETE', headers: auth, signal: AbortSignal.timeout(10_000) }).catch(() => undefined)
  }
}
