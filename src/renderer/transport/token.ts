/** The access token `gpu-doctor serve` put in the URL (`?token=`); null when absent (cookie only). */
export function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')
  return token && /^[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null
}
