import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

/**
 * What binding to `host` means: loopback (only this machine reaches it), exposed (every interface,
 * or one of this machine's own addresses: the network reaches it) or foreign (a name or address
 * that is not this machine's: nothing to bind, and a name could be anything DNS says).
 */
export type BindHost = 'loopback' | 'exposed' | 'foreign'

export function classifyBindHost(host: string, interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): BindHost {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'))) return 'loopback'
  if (h === '0.0.0.0' || h === '::') return 'exposed'
  if (isIP(h) === 0) return 'foreign'
  const own = Object.values(interfaces).flatMap((list) => (list ?? []).map((i) => i.address.split('%')[0]!.toLowerCase()))
  return own.includes(h) ? 'exposed' : 'foreign'
}
