import { parseImageReference } from '../docker/image-reference'

/** Where an image's manifest lives: the registry's base URL, the repository and the tag. */
export interface RegistryAddress {
  image: string
  /** https://registry-1.docker.io, http://127.0.0.1:5000 */
  base: string
  repository: string
  tag: string
}

const DOCKER_HUB = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io'])
const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?$/

/**
 * The registry address of an image reference, as `docker pull` resolves it: no registry = Docker
 * Hub (library/ for one-part names). Loopback registries and those listed as insecure are spoken
 * to over plain HTTP, as the engine does. An error says what is wrong with the reference.
 */
export function registryAddress(image: string, insecure: readonly string[] = []): { ok: true; address: RegistryAddress } | { ok: false; reason: string } {
  const parsed = parseImageReference(image)
  if (!parsed.ok) return { ok: false, reason: parsed.reason }
  const { domain, path, tag, digest } = parsed.ref
  const reference = digest ?? tag ?? 'latest'
  if (!domain || DOCKER_HUB.has(domain)) {
    const repository = path.includes('/') ? path : `library/${path}`
    return { ok: true, address: { image, base: 'https://registry-1.docker.io', repository, tag: reference } }
  }
  const scheme = LOOPBACK.test(domain) || insecure.includes(domain) ? 'http' : 'https'
  return { ok: true, address: { image, base: `${scheme}://${domain}`, repository: path, tag: reference } }
}
