import { MAX_KERNEL_LOG_TEXT } from '../../../shared/constants'
import { runProcess } from '../../platform/process/run-process'

/** One Xid line of the kernel log: `NVRM: Xid (PCI:0000:18:00): 79, pid=…, GPU has fallen off the bus.` */
export interface XidEvent {
  busId: string
  xid: number
  text: string
}

const MARK = 'NVRM: Xid ('
const XID = /^NVRM: Xid \(PCI:([0-9a-fA-F:.]+)\): (\d+),?[ \t]*(.*)$/
/** An Xid line's own text is cut here: it is evidence, and a 16 MiB line must not be echoed whole. */
const TEXT_MAX = 200
/** Lines scanned between two yields to the event loop, so `serve` answers others during a huge log. */
const LINES_PER_SLICE = 5_000
/** Events kept as examples per kind of finding; the rest are only counted. */
export const XID_EXAMPLES = 10

/** The finding an Xid points at: 79 off the bus, 119/120 GSP timeouts, 48/63/64/92/94/95 memory errors, others listed. */
export type XidKind = 'gpu-fallen-off-bus' | 'gsp-firmware-timeout' | 'ecc-uncorrectable-or-row-remap' | 'xid-reported'
const MEMORY_XIDS = new Set([48, 63, 64, 92, 94, 95])
export const xidKind = (xid: number): XidKind =>
  xid === 79 ? 'gpu-fallen-off-bus' : xid === 119 || xid === 120 ? 'gsp-firmware-timeout' : MEMORY_XIDS.has(xid) ? 'ecc-uncorrectable-or-row-remap' : 'xid-reported'

export interface XidGroup {
  count: number
  /** Distinct Xid numbers, in the order first seen. */
  xids: number[]
  /** The first XID_EXAMPLES events. */
  examples: XidEvent[]
}

/** Every Xid of a log counted by kind, in memory that does not grow with the log (a few examples each). */
export interface XidTally {
  count: number
  groups: Map<XidKind, XidGroup>
}

export const emptyXidTally = (): XidTally => ({ count: 0, groups: new Map() })

function addXid(tally: XidTally, event: XidEvent): void {
  const kind = xidKind(event.xid)
  let group = tally.groups.get(kind)
  if (!group) tally.groups.set(kind, (group = { count: 0, xids: [], examples: [] }))
  group.count++
  tally.count++
  if (!group.xids.includes(event.xid)) group.xids.push(event.xid)
  if (group.examples.length < XID_EXAMPLES) group.examples.push(event)
}

/**
 * The Xid lines of a log, one at a time (null for a line that only looks like one): jumps from one "NVRM: Xid (" to the next with
 * indexOf, so the cost is linear in the text and nothing is split into an array of lines.
 */
function* xidLines(log: string): Generator<XidEvent | null> {
  let at = log.indexOf(MARK)
  while (at !== -1) {
    let end = log.indexOf('\n', at)
    if (end === -1) end = log.length
    const line = log.slice(at, end).replace(/\r$/, '')
    const m = XID.exec(line)
    yield m ? { busId: m[1]!.toLowerCase(), xid: Number(m[2]), text: m[3]!.trim().slice(0, TEXT_MAX) } : null
    at = log.indexOf(MARK, end)
  }
}

/** Every Xid event of a (small) log, in order. */
export function parseXids(log: string): XidEvent[] {
  const events: XidEvent[] = []
  for (const e of xidLines(log)) if (e) events.push(e)
  return events
}

/**
 * Counts the Xid events of a kernel log of any size up to its read cap: linear, with a pause for the
 * event loop every LINES_PER_SLICE lines so a server stays responsive while a huge log is read.
 */
export async function tallyXids(log: string): Promise<XidTally> {
  const tally = emptyXidTally()
  let seen = 0
  for (const e of xidLines(log)) {
    if (e) addXid(tally, e)
    if (++seen % LINES_PER_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve))
  }
  return tally
}

export type KernelLog = { readable: true; tally: XidTally; source: string } | { readable: false; reason: string }

/**
 * The kernel ring buffer's Xid lines (`dmesg`, then `journalctl -k`). Where neither may be read
 * (dmesg_restrict without root, a container without the journal), it says so rather than "no Xid";
 * an answer with no line at all is such a refusal too (`journalctl -k` shows a user outside the adm
 * and systemd-journal groups nothing, and exits 0).
 */
export async function readKernelLog(env?: NodeJS.ProcessEnv): Promise<KernelLog> {
  if (process.platform !== 'linux') return { readable: false, reason: 'the kernel log is a Linux feature' }
  const reasons: string[] = []
  for (const [cmd, args] of [
    ['dmesg', ['--ctime']],
    ['journalctl', ['-k', '-b', '--no-pager', '-q']],
  ] as const) {
    const run = await runProcess(cmd, [...args], { timeoutMs: 5000, env, maxOutputBytes: MAX_KERNEL_LOG_TEXT })
    if (run.exitCode === 0 && run.stdout.trim() !== '') return { readable: true, tally: await tallyXids(run.stdout), source: `${cmd} ${args.join(' ')}` }
    // dmesg names itself in its errors ("dmesg: read kernel buffer failed: …"): said once.
    const said = (run.stderr.trim().split('\n')[0] ?? '').replace(new RegExp(`^${cmd}: `), '') || (run.exitCode === 0 ? 'no line shown to this user' : `exit ${run.exitCode}`)
    reasons.push(`${cmd}: ${run.spawnError?.code === 'ENOENT' ? 'not installed' : run.timedOut ? 'timed out' : said.slice(0, TEXT_MAX)}`)
  }
  return { readable: false, reason: reasons.join('; ') }
}
