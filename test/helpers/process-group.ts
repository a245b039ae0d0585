import { readdirSync, readFileSync } from 'node:fs'

export interface ProcessInfo {
  pid: number
  state: string
  command: string
}

/**
 * Living processes of a process group, from /proc (Linux). Zombies are dead (only waiting for a
 * parent to reap them: after a kill -9 their parent is init), so they are not counted.
 */
export function livingInGroup(pgid: number): ProcessInfo[] {
  const found: ProcessInfo[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue
    }
    const close = stat.lastIndexOf(')')
    const [state = '', , pgrp = ''] = stat.slice(close + 2).split(' ')
    if (Number(pgrp) !== pgid || state === 'Z' || state === 'X') continue
    let command = stat.slice(stat.indexOf('(') + 1, close)
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() || command
    } catch {
      // gone meanwhile
    }
    found.push({ pid: Number(entry), state, command })
  }
  return found
}
