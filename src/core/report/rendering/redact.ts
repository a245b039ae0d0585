import { isIPv4, isIPv6 } from 'node:net'

import type { MaskedValue, MaskKind, Report } from '../../../shared/report'
import { isObj } from '../is-json-object'

/** Values known to be private on the machine making the report (its host name, user, home). */
export interface RedactionHints {
  hostnames?: readonly string[]
  users?: readonly string[]
  homes?: readonly string[]
  serials?: readonly string[]
}

// Accounts that name nothing personal and are words in ordinary text ("Ubuntu 22.04"): masked only
// where they appear as a home directory, never as a free-standing word.
const GENERIC_USERS = new Set(['root', 'user', 'admin', 'ubuntu', 'debian', 'centos', 'ec2-user', 'nvidia', 'docker', 'runner', 'shared', 'public', 'default'])
const NOT_HOSTS = new Set(['localhost', 'localhost.localdomain', ''])
const WORD = 'A-Za-z0-9_\\-'
const HEX = '[0-9a-fA-F]'
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`
// A dotted quad right after one of these is a version (cuDNN 9.1.0.70), not an address.
const VERSION_BEFORE = /(?:version|ver|v|==|cudnn|cuda|nccl|torch|driver|python|cu\d+)[\s:=_-]*$/i
const VERSION_KEY = /version|cudnn|nccl|torch|driver|cuda/i
const HOST_KEY = /^(?:host_?name|node_?name)$/i
const SERIAL_KEY = /serial/i

// The user name in a home directory path (/home/x, /Users/x, C:\\Users\\x).
const HOME_USER = /(?:\/(?:home|Users)\/|[A-Za-z]:\\+Users\\+)([^/\\\s:;'"<>|,)\]]+)/g

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Replaces private values with numbered masks; the same value always gets the same mask. */
class Masker {
  private readonly byKey = new Map<string, MaskedValue>()
  private readonly counters = new Map<MaskKind, number>()
  private hostnames: string[] = []
  private users: string[] = []
  private homes: string[] = []
  private serials: string[] = []

  constructor(hints: RedactionHints) {
    for (const h of hints.hostnames ?? []) this.addHost(h)
    for (const u of hints.users ?? []) this.addUser(u)
    for (const h of hints.homes ?? []) this.addHome(h)
    for (const s of hints.serials ?? []) this.addSerial(s)
  }

  addHost(name: string): void {
    const h = name.trim()
    if (NOT_HOSTS.has(h.toLowerCase()) || h.startsWith('<')) return
    // The short name too: an FQDN's first label identifies the machine as well.
    for (const v of [h, h.split('.')[0] ?? '']) if (v.length >= 2 && !this.hostnames.includes(v)) this.hostnames.push(v)
    this.hostnames.sort((a, b) => b.length - a.length)
  }

  addUser(name: string): void {
    const u = name.trim()
    if (u.length >= 3 && !GENERIC_USERS.has(u.toLowerCase()) && !u.startsWith('<') && !this.users.includes(u)) this.users.push(u)
    this.users.sort((a, b) => b.length - a.length)
  }

  addHome(path: string): void {
    const p = path.trim().replace(/[\\/]+$/, '')
    if (p.length < 2 || this.homes.includes(p)) return
    const user = p.split(/[\\/]/).pop()
    if (user) this.addUser(user)
    // /home/x, /Users/x and C:\Users\x keep their shape (`/home/<user-1>`): the path rules mask them.
    if (/^\/(?:home|Users)\/[^/]+$/.test(p) || /^[A-Za-z]:\\+Users\\+[^\\]+$/i.test(p)) return
    this.homes.push(p)
    this.homes.sort((a, b) => b.length - a.length)
  }

  addSerial(value: string): void {
    const s = value.trim()
    if (s.length >= 4 && !/^(?:n\/a|none|null|unknown|0+)$/i.test(s) && !s.startsWith('<') && !this.serials.includes(s)) this.serials.push(s)
  }

  /** The mask of a value of one kind, counting the occurrence. */
  mask(kind: MaskKind, original: string, normalized = original): string {
    const key = `${kind}\u0000${normalized}`
    let entry = this.byKey.get(key)
    if (!entry) {
      const n = (this.counters.get(kind) ?? 0) + 1
      this.counters.set(kind, n)
      entry = { kind, original, mask: `<${kind}-${n}>`, count: 0 }
      this.byKey.set(key, entry)
    }
    entry.count++
    return entry.mask
  }

  masked(): MaskedValue[] {
    return [...this.byKey.values()].map((e) => ({ ...e }))
  }

  text(input: string, key: string | null): string {
    let s = input
    for (const home of this.homes) {
      s = s.replace(new RegExp(`${escapeRe(home)}(?=$|[\\\\/\\s:;'",)\\]])`, 'g'), () => this.mask('home', home))
    }
    s = s.replace(/(\/(?:home|Users)\/)([^/\\\s:;'"<>|,)\]]+)/g, (m, prefix: string, user: string) =>
      user.startsWith('<') || user === 'Shared' ? m : `${prefix}${this.userMask(user)}`,
    )
    s = s.replace(/([A-Za-z]:\\+Users\\+)([^\\/\s:;'"<>|,)\]]+)/gi, (m, prefix: string, user: string) =>
      user.startsWith('<') || /^(?:Public|Default)$/i.test(user) ? m : `${prefix}${this.userMask(user)}`,
    )
    for (const host of this.hostnames) {
      s = s.replace(new RegExp(`(?<![${WORD}])${escapeRe(host)}(?![${WORD}])`, 'gi'), () => this.mask('host', host, host.toLowerCase()))
    }
    for (const user of this.users) {
      s = s.replace(new RegExp(`(?<![${WORD}<])${escapeRe(user)}(?![${WORD}>])`, 'g'), () => this.userMask(user))
    }
    for (const serial of this.serials) {
      s = s.replace(new RegExp(`(?<![${WORD}])${escapeRe(serial)}(?![${WORD}])`, 'g'), () => this.mask('serial', serial))
    }
    s = s.replace(/(serial(?:[ _]?(?:number|no\.?))?["']?\s*[:=]\s*["']?)([A-Za-z0-9][A-Za-z0-9-]{3,})/gi, (m, label: string, value: string) =>
      /^(?:n\/a|none|null|unknown)$/i.test(value) ? m : `${label}${this.mask('serial', value)}`,
    )
    s = s.replace(new RegExp(`\\b(GPU|MIG)-(${UUID})\\b`, 'g'), (_m, prefix: string, uuid: string) => `${prefix}-${this.uuidMask(uuid)}`)
    s = s.replace(new RegExp(`(?<![${WORD}<])(${UUID})(?![${WORD}])`, 'g'), (m, uuid: string) => (/^[0-]+$/.test(uuid) ? m : this.uuidMask(uuid)))
    s = s.replace(/(?<![0-9A-Fa-f:-])(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}(?![0-9A-Fa-f:-])/g, (m) =>
      this.mask('mac', m, m.toLowerCase().replace(/-/g, ':')),
    )
    s = s.replace(/(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%[0-9A-Za-z]+)?(?![0-9A-Za-z:])/g, (m) => {
      const bare = m.replace(/%.*$/, '')
      if (!isIPv6(bare) || bare.length < 6 || !/\d/.test(bare) || bare === '::1') return m
      return this.mask('ipv6', m, bare.toLowerCase())
    })
    if (!(key && VERSION_KEY.test(key))) {
      s = s.replace(/(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/g, (m, offset: number, whole: string) => {
        if (!isIPv4(m) || /(?:^|\.)0\d/.test(m) || /^(?:127\.|0\.0\.0\.0$|255\.255\.255\.255$)/.test(m)) return m
        if (VERSION_BEFORE.test(whole.slice(Math.max(0, offset - 16), offset))) return m
        return this.mask('ipv4', m)
      })
    }
    return s
  }

  private userMask(user: string): string {
    return this.mask('user', user)
  }

  private uuidMask(uuid: string): string {
    return this.mask('uuid', uuid, uuid.toLowerCase())
  }
}

/** Host names, serials and home-directory users the JSON itself names, before any text pass. */
function collectKnown(value: unknown, masker: Masker, key: string | null = null): void {
  if (typeof value === 'string') for (const m of value.matchAll(HOME_USER)) masker.addUser(m[1]!)
  if (typeof value === 'string' || typeof value === 'number') {
    if (key && HOST_KEY.test(key) && typeof value === 'string') masker.addHost(value)
    if (key && SERIAL_KEY.test(key)) masker.addSerial(String(value))
    return
  }
  if (Array.isArray(value)) for (const v of value) collectKnown(v, masker, key)
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) collectKnown(v, masker, k)
}

function walk(value: unknown, masker: Masker, key: string | null = null): unknown {
  if (typeof value === 'string') return masker.text(value, key)
  if (typeof value === 'number' && key && SERIAL_KEY.test(key)) return masker.text(String(value), key)
  if (Array.isArray(value)) return value.map((v) => walk(v, masker, key))
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [masker.text(k, null), walk(v, masker, k)]))
  return value
}

/** Any JSON value with private values masked, and the list of what was masked. Pure. */
export function redactJson<T>(value: T, hints: RedactionHints = {}): { value: T; masked: MaskedValue[] } {
  const masker = new Masker(hints)
  collectKnown(value, masker)
  const out = walk(value, masker) as T
  return { value: out, masked: masker.masked() }
}

/**
 * The report with host names, user names, home paths, GPU UUIDs, serial numbers and IPv4/IPv6/MAC
 * addresses masked consistently (`<host-1>`, `/home/<user-1>`, `GPU-<uuid-1>`). Pure.
 */
export function redactReport(report: Report, hints: RedactionHints = {}): { report: Report; masked: MaskedValue[] } {
  const { value, masked } = redactJson(report, hints)
  return { report: { ...value, redacted: true }, masked }
}

/** What redactReport would mask, for the preview shown before saving. */
export function redactionPreview(report: Report, hints: RedactionHints = {}): MaskedValue[] {
  return redactReport(report, hints).masked
}
