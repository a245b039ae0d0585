import { readFileSync } from 'node:fs'

const TICK_MS = 10 // Linux USER_HZ is 100 on every distribution we target.

/**
 * CPU time of this process in ms: its own (process.cpuUsage, µs precision) plus that of the
 * children it has waited for (cutime + cstime from /proc/self/stat, 10 ms ticks).
 */
export function cpuMs(): { self: number; children: number } {
  const usage = process.cpuUsage()
  const self = (usage.user + usage.system) / 1000
  let children: number
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // After the command name: field 3 is index 0, so cutime (16) is 13 and cstime (17) is 14.
    children = (Number(fields[13]) + Number(fields[14])) * TICK_MS
  } catch {
    children = Number.NaN
  }
  return { self, children }
}
