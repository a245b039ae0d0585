// Docker's image reference grammar (distribution/reference, regexp.go), as regular expressions:
//   reference := name [ ":" tag ] [ "@" digest ]
//   name      := [domain '/'] path-component ['/' path-component]*
const ALNUM = '[a-z0-9]+'
const SEPARATOR = '(?:[._]|__|[-]+)'
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])'
const IPV6 = '\\[(?:[a-fA-F0-9:]+)\\]'
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|${IPV6})`
const DOMAIN = `${HOST}(?::[0-9]+)?`
const TAG = '[\\w][\\w.-]{0,127}'
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}'
const PATH = `${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`

const REFERENCE = new RegExp(`^(?:(${DOMAIN})/)?(${PATH})(?::(${TAG}))?(?:@(${DIGEST}))?$`)
const NAME_MAX = 255

export interface ImageReference {
  /** The registry as written, null for Docker Hub. */
  domain: string | null
  path: string
  tag: string | null
  digest: string | null
  /** How `docker pull` spells it: tag `latest` when neither tag nor digest is given. */
  normalized: string
}

export type ParsedReference = { ok: true; ref: ImageReference } | { ok: false; reason: string }

/** A first path component is a registry when it has a dot or a port, or is localhost (Docker's rule). */
function splitDomain(name: string): [string | null, string] {
  const slash = name.indexOf('/')
  if (slash < 0) return [null, name]
  const first = name.slice(0, slash)
  if (first.includes('.') || first.includes(':') || first === 'localhost' || first.startsWith('[')) return [first, name.slice(slash + 1)]
  return [null, name]
}

/**
 * Validates an image reference before anything is sent to the engine, with the reason a person
 * can fix: uppercase letters, a bad tag, a digest of the wrong length, an empty name.
 */
export function parseImageReference(input: string): ParsedReference {
  const text = input.trim()
  if (!text) return { ok: false, reason: 'the image name is empty' }
  if (/\s/.test(text)) return { ok: false, reason: 'an image name has no spaces' }
  const match = REFERENCE.exec(text)
  if (!match) {
    const [, rest] = splitDomain(text.split('@')[0]!.replace(/:[^/]*$/, ''))
    if (/[A-Z]/.test(rest)) return { ok: false, reason: `"${text}": repository names must be lowercase` }
    const tag = /:([^/@]*)(?:@|$)/.exec(text.slice(text.lastIndexOf('/') + 1))?.[1]
    if (tag !== undefined && !new RegExp(`^${TAG}$`).test(tag)) return { ok: false, reason: `"${tag}" is not a valid tag (letters, digits, _ . -, at most 128, not starting with . or -)` }
    return { ok: false, reason: `"${text}" is not a valid image reference (expected [registry/]name[:tag][@sha256:digest])` }
  }
  const [, domain = null, path = '', tag = null, digest = null] = match
  const name = domain ? `${domain}/${path}` : path
  if (name.length > NAME_MAX) return { ok: false, reason: `the repository name is longer than ${NAME_MAX} characters` }
  if (digest?.startsWith('sha256:') && digest.length !== 7 + 64) return { ok: false, reason: 'a sha256 digest has exactly 64 hex digits' }
  // The regexp accepts "Foo/bar" with "Foo" as a registry; Docker's rule says it is a path, so recheck.
  const [realDomain, realPath] = splitDomain(name)
  if (!new RegExp(`^${PATH}$`).test(realPath)) {
    return { ok: false, reason: /[A-Z]/.test(realPath) ? `"${text}": repository names must be lowercase` : `"${text}" is not a valid image reference` }
  }
  const normalized = `${name}${tag ? `:${tag}` : digest ? '' : ':latest'}${digest ? `@${digest}` : ''}`
  return { ok: true, ref: { domain: realDomain, path: realPath, tag, digest, normalized } }
}
