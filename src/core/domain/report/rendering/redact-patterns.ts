import { isIPv4, isIPv6 } from 'node:net'

import type { MaskKind } from '../../../../shared/report'

/**
 * Values that are private by what they are, wherever they appear: GPU/MIG UUIDs, MAC and
 * InfiniBand hardware addresses, IPv6 and IPv4 addresses, labelled serial numbers. Each rule gets
 * the `mask` of the kind it found; version numbers (12.4, 9.19.0, 580.159.04, cuDNN 9.1.0.70) stay.
 */
export type MaskFn = (kind: MaskKind, original: string, normalized?: string) => string

const HEX = '[0-9a-fA-F]'
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`

// A dotted quad right after one of these is a version (cuDNN 9.1.0.70, ==9.1.0.70, v1.2.3.4), not an
// address. `v` and `ver` must be words of their own: `env: 10.20.30.43`, `srv=` and `server` end in them.
const VERSION_BEFORE = /(?:version|\bver|\bv|==|cudnn|cuda|nccl|torch|driver|python|\bcu\d+)[\s:=_-]*$/i
// A field named like a version whose whole value is one dotted quad is that version.
const VERSION_KEY = /version|cudnn|nccl|torch|driver|cuda/i
const WHOLE_DOTTED_QUAD = /^\s*v?\d+(?:\.\d+){3}\s*$/

const NOT_A_SERIAL = /^(?:n\/a|none|null|unknown|not available|\[n\/a\])$/i

function maskUuids(s: string, mask: MaskFn): string {
  const uuidMask = (uuid: string) => mask('uuid', uuid, uuid.toLowerCase())
  s = s.replace(new RegExp(`\\b(GPU|MIG)-(${UUID})\\b`, 'g'), (_m, prefix: string, uuid: string) => `${prefix}-${uuidMask(uuid)}`)
  return s.replace(new RegExp(`(?<![0-9A-Za-z])(${UUID})(?![0-9A-Za-z])`, 'g'), (m, uuid: string) => (/^[0-]+$/.test(uuid) ? m : uuidMask(uuid)))
}

/** Ethernet MACs (52:54:00:12:34:56, 52-54-…, 5254.0012.3456) and longer hardware addresses (EUI-64, InfiniBand's 20 bytes). */
function maskMacs(s: string, mask: MaskFn): string {
  const normalize = (m: string) => m.toLowerCase().replace(/[-.]/g, ':')
  s = s.replace(/(?<![0-9A-Fa-f:-])(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4,18}[0-9A-Fa-f]{2}(?![0-9A-Fa-f:-])/g, (m) => mask('mac', m, normalize(m)))
  return s.replace(/(?<![0-9A-Za-z.])[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}(?![0-9A-Za-z]|\.[0-9A-Za-z])/g, (m) =>
    /^[0.]+$/.test(m) ? m : mask('mac', m, normalize(m)),
  )
}

function maskIpv6(s: string, mask: MaskFn): string {
  return s.replace(/(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%[0-9A-Za-z]+)?(?![0-9A-Za-z:])/g, (m) => {
    const bare = m.replace(/%.*$/, '')
    if (!isIPv6(bare) || bare.length < 6 || !/\d/.test(bare) || bare === '::1') return m
    return mask('ipv6', m, bare.toLowerCase())
  })
}

function isPublicOrPrivateAddress(quad: string): boolean {
  if (!isIPv4(quad) || /(?:^|\.)0\d/.test(quad)) return false
  return !/^(?:127\.|0\.0\.0\.0$|255\.255\.255\.255$)/.test(quad)
}

/** IPv4 anywhere (paths, logs, keys), except loopback and a version number said to be one by what precedes it. */
function maskIpv4(s: string, key: string | null, mask: MaskFn): string {
  if (key && VERSION_KEY.test(key) && WHOLE_DOTTED_QUAD.test(s)) return s
  // Not part of a longer dotted number on either side; a sentence's full stop after it is fine.
  return s.replace(/(?<!\d)(?<!\d\.)(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)/g, (m, offset: number, whole: string) => {
    if (!isPublicOrPrivateAddress(m)) return m
    if (VERSION_BEFORE.test(whole.slice(Math.max(0, offset - 16), offset))) return m
    return mask('ipv4', m)
  })
}

/** A serial number where the text labels it: `Serial Number : X`, `serial=X`, `"serial": "X"`, `<serial>X</serial>`. */
function maskLabelledSerials(s: string, mask: MaskFn): string {
  const value = (label: string, v: string, m: string) => (NOT_A_SERIAL.test(v) ? m : `${label}${mask('serial', v)}`)
  s = s.replace(/(serial(?:[ _]?(?:number|no\.?))?["']?\s*[:=]\s*["']?)([A-Za-z0-9][A-Za-z0-9-]{3,})/gi, (m, label: string, v: string) => value(label, v, m))
  return s.replace(/(<serial>\s*)([A-Za-z0-9][A-Za-z0-9-]{3,})(?=\s*<\/serial>)/gi, (m, label: string, v: string) => value(label, v, m))
}

/** Every value-shaped rule, in an order where no rule sees a value another rule should have taken. */
export function maskValueShapes(s: string, key: string | null, mask: MaskFn): string {
  s = maskLabelledSerials(s, mask)
  s = maskUuids(s, mask)
  s = maskMacs(s, mask)
  s = maskIpv6(s, mask)
  return maskIpv4(s, key, mask)
}
