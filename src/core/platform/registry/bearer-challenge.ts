/** A WWW-Authenticate challenge of a registry: Bearer (token service) or Basic (user name and password). */
export type Challenge = { scheme: 'bearer'; realm: string; service: string | null; scope: string | null } | { scheme: 'basic'; realm: string | null } | { scheme: 'other'; raw: string }

const PARAM = /([a-zA-Z]+)="([^"]*)"/g

/** Parses `Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="…"`. */
export function parseChallenge(header: string | null): Challenge | null {
  if (!header) return null
  const scheme = /^\s*(\w+)/.exec(header)?.[1]?.toLowerCase()
  const params = new Map<string, string>()
  for (const m of header.matchAll(PARAM)) params.set(m[1]!.toLowerCase(), m[2]!)
  if (scheme === 'bearer' && params.get('realm')) {
    return { scheme: 'bearer', realm: params.get('realm')!, service: params.get('service') ?? null, scope: params.get('scope') ?? null }
  }
  if (scheme === 'basic') return { scheme: 'basic', realm: params.get('realm') ?? null }
  return { scheme: 'other', raw: header.slice(0, 200) }
}
