import { runProcess } from '../process/run-process'

/** One Xid line of the kernel log: `NVRM: Xid (PCI:0000:18:00): 79, pid=…, GPU has fallen off the bus.` */
export interface XidEvent {
  busId: string
  xid: number
  text: string
}

const XID = /NVRM: Xid \(PCI:([0-9a-fA-F:.]+)\): (\d+),?\s*(.*)$/

export function parseXids(log: string): XidEvent[] {
  const events: XidEvent[] = []
  for (const line of log.split(/\r?\n/)) {
    const m = XID.exec(line)
    if (m) events.push({ busId: m[1]!.toLowerCase(), xid: Number(m[2]), text: m[3]!.trim() })
  }
  return events
}

export type KernelLog = { readable: true; xids: XidEvent[]; source: string } | { readable: false; reason: string }

/**
 * The kernel ring buffer's Xid lines (`dmesg`, then `journalctl -k`). Where neither may be read
 * (dmesg_restrict without root, a container without the journal), it says so rather than "no Xid".
 */
export async function readKernelLog(env?: NodeJS.ProcessEnv): Promise<KernelLog> {
  if (process.platform !== 'linux') return { readable: false, reason: 'the kernel log is a Linux feature' }
  const reasons: string[] = []
  for (const [cmd, args] of [
    ['dmesg', ['--ctime']],
    ['journalctl', ['-k', '-b', '--no-pager', '-q']],
  ] as const) {
    const run = await runProcess(cmd, [...args], { timeoutMs: 5000, env })
    if (run.exitCode === 0) return { readable: true, xids: parseXids(run.stdout), source: `${cmd} ${args.join(' ')}` }
    // dmesg names itself in its errors ("dmesg: read kernel buffer failed: …"): said once.
    const said = (run.stderr.trim().split('\n')[0] ?? '').replace(new RegExp(`^${cmd}: `), '') || `exit ${run.exitCode}`
    reasons.push(`${cmd}: ${run.spawnError?.code === 'ENOENT' ? 'not installed' : run.timedOut ? 'timed out' : said}`)
  }
  return { readable: false, reason: reasons.join('; ') }
}
