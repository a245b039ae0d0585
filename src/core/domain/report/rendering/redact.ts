import { STEP_IDS } from '../../../../shared/constants'
import { type MaskedValue, type MaskKind, MaskKindSchema, type Report } from '../../../../shared/report'
import { catalogIds } from '../../findings/finding-catalog'
import { isObj } from '../is-json-object'
import { maskValueShapes } from './redact-patterns'

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
// A known name is masked where it stands between non-alphanumerics: `alice-secret_data`, `bob_runs`
// and `gpu-node-17-job` name alice, bob and gpu-node-17; `palice`, `alice2` and `gpu-node-170` do not.
const NAME_EDGE = 'A-Za-z0-9'
const SERIAL_KEY = /serial/i
const HOST_KEY = /^(?:host_?name|node_?name)$/i
// Values that are identifiers of the report itself (step and finding ids) stay, whatever host or
// user name they contain: the report is read back by these ids.
const REPORT_IDS = new Set<string>([...STEP_IDS, ...catalogIds()])
// The masks this module writes; nothing inside them is masked again.
const MASK_TOKEN = new RegExp(`(<(?:${MaskKindSchema.options.join('|')})-\\d+>)`)

// The user name in a home directory path (/home/x, /Users/x, C:\\Users\\x).
const HOME_USER = /(?:\/(?:home|Users)\/|[A-Za-z]:\\+Users\\+)([^/\\\s:;'"<>|,)\]]+)/g

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Applies `edit` to the text between masks, so a mask is never masked again nor counted twice. */
function outsideMasks(s: string, edit: (part: string) => string): string {
  return s
    .split(MASK_TOKEN)
    .map((part, i) => (i % 2 === 1 ? part : edit(part)))
    .join('')
}

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
      s = outsideMasks(s, (part) => part.replace(new RegExp(`${escapeRe(home)}(?=$|[\\\\/\\s:;'",)\\]])`, 'g'), () => this.mask('home', home)))
    }
    s = outsideMasks(s, (part) =>
      part
        .replace(/(\/(?:home|Users)\/)([^/\\\s:;'"<>|,)\]]+)/g, (m, prefix: string, user: string) => (user === 'Shared' ? m : `${prefix}${this.userMask(user)}`))
        .replace(/([A-Za-z]:\\+Users\\+)([^\\/\s:;'"<>|,)\]]+)/gi, (m, prefix: string, user: string) =>
          /^(?:Public|Default)$/i.test(user) ? m : `${prefix}${this.userMask(user)}`,
        ),
    )
    for (const host of this.hostnames) {
      const re = new RegExp(`(?<![${NAME_EDGE}])${escapeRe(host)}(?![${NAME_EDGE}])`, 'gi')
      s = outsideMasks(s, (part) => part.replace(re, () => this.mask('host', host, host.toLowerCase())))
    }
    for (const user of this.users) {
      const re = new RegExp(`(?<![${NAME_EDGE}])${escapeRe(user)}(?![${NAME_EDGE}])`, 'g')
      s = outsideMasks(s, (part) => part.replace(re, () => this.userMask(user)))
    }
    for (const serial of this.serials) {
      const re = new RegExp(`(?<![${NAME_EDGE}])${escapeRe(serial)}(?![${NAME_EDGE}])`, 'g')
      s = outsideMasks(s, (part) => part.replace(re, () => this.mask('serial', serial)))
    }
    return outsideMasks(s, (part) => maskValueShapes(part, key, (kind, original, normalized) => this.mask(kind, original, normalized)))
  }

  private userMask(user: string): string {
    return this.mask('user', user)
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
  if (typeof value === 'string') return REPORT_IDS.has(value) ? value : masker.text(value, key)
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
