import type { Envelope } from '../../shared/contract'

/** The one place that turns an HTTP exchange into the contract's Envelope; it never throws. */
export async function httpInvoke(
  fetchFn: typeof fetch,
  channel: string,
  args: unknown[],
  token: string | null,
  clientId?: string,
): Promise<Envelope<unknown>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  // The server keeps this page's watches apart from other tabs' (cancel stops only these).
  if (clientId) headers['X-GPU-Doctor-Client'] = clientId
  let response: Response
  try {
    response = await fetchFn(`./api/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ args }),
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { code: 'network', message: `Cannot reach the GPU Doctor server: ${message}` } }
  }
  try {
    const body: unknown = await response.json()
    if (isEnvelope(body)) return body
  } catch {
    // Not JSON: fall through to an envelope built from the status.
  }
  return { ok: false, error: { code: `http-${response.status}`, message: `The server answered ${response.status}.` } }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const v = value as { ok?: unknown; value?: unknown; error?: { code?: unknown; message?: unknown } }
  if (v.ok === true) return 'value' in v
  return v.ok === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string'
}
