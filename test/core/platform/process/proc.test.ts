import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { descendantsOf, parseProcStat, readProcess, snapshotTree, treeCpu } from '../../../../src/core/platform/process/proc'
import { readCgroupCpu, parseCpuMax, parseThrottledUsec } from '../../../../src/core/domain/watch/cgroup-cpu'
import { BUSY_LOOP, IDLE, parentOf, sleep, startNode, stopTree } from '../../../helpers/busy-processes'
import type { ChildProcess } from 'node:child_process'

const started: ChildProcess[] = []
afterEach(() => {
  for (const c of started.splice(0)) stopTree(c)
})
const start = (code: string) => {
  const c = startNode(code)
  started.push(c)
  return c
}

describe('reading /proc', () => {
  it('parses a stat line whose command holds spaces and parentheses', () => {
    const line = '4242 (python (train) x) R 4000 1 1 0 -1 4194304 100 0 0 0 250 30 0 0 20 0 12 0 98765 0 0'
    expect(parseProcStat(line)).toEqual({ pid: 4242, comm: 'python (train) x', state: 'R', ppid: 4000, ticks: 280, startTime: 98765, runnableNs: null })
  })

  it('a busy real process shows about one core on its busiest thread; an idle one shows almost none', async () => {
    const busy = start(BUSY_LOOP)
    const idle = start(IDLE)
    await sleep(300)
    const before = [await snapshotTree(busy.pid!), await snapshotTree(idle.pid!)]
    await sleep(1500)
    const after = [await snapshotTree(busy.pid!), await snapshotTree(idle.pid!)]
    const busyCpu = treeCpu(before[0]!, after[0]!).root!
    const idleCpu = treeCpu(before[1]!, after[1]!).root!
    const spinning = busyCpu.threads.reduce((a, b) => (b.runnable > a.runnable ? b : a))
    // It wants a whole core (runnable), and gets what the shared machine gives it, never more than one core.
    expect(spinning.runnable).toBeGreaterThan(70)
    expect(spinning.percent).toBeGreaterThan(10)
    expect(spinning.percent).toBeLessThan(110)
    expect(busyCpu.threads.length).toBeGreaterThan(1) // node has its own helper threads
    expect(idleCpu.percent).toBeLessThan(10)
    // Idle: it sleeps; what waiting for a core a loaded machine adds to its wake-ups stays far below a spinning thread.
    expect(Math.max(...idleCpu.threads.map((t) => t.runnable))).toBeLessThan(40)
  })

  it('finds child processes (DataLoader-style workers) and their CPU, and knows a PID that is gone', { timeout: 30_000 }, async () => {
    const parent = start(parentOf([BUSY_LOOP, IDLE]))
    // Both workers started (a loaded machine starts two Node processes in seconds, not in a fixed 800 ms).
    let kids = await descendantsOf(parent.pid!)
    for (let i = 0; i < 150 && kids.length < 2; i++) {
      await sleep(100)
      kids = await descendantsOf(parent.pid!)
    }
    expect(kids).toHaveLength(2)
    await sleep(300)
    const before = await snapshotTree(parent.pid!)
    await sleep(1500)
    const cpu = treeCpu(before, await snapshotTree(parent.pid!))
    expect(cpu.root!.percent).toBeLessThan(10)
    expect(cpu.root!.runnable).toBeLessThan(20)
    expect(Math.max(...cpu.descendants.map((d) => d.runnable))).toBeGreaterThan(70)
    expect(Math.min(...cpu.descendants.map((d) => d.runnable))).toBeLessThan(20)
    stopTree(parent)
    await sleep(200)
    expect(await readProcess(parent.pid!)).toBeNull()
  })

  it('reads a cgroup v2 CPU limit and its throttled time; unlimited is null', async () => {
    expect(parseCpuMax('200000 100000\n')).toBe(2)
    expect(parseCpuMax('max 100000')).toBeNull()
    expect(parseThrottledUsec('usage_usec 5\nthrottled_usec 1500000\n')).toBe(1_500_000)
    expect(parseThrottledUsec('nr_throttled 3\nthrottled_time 2000000000\n')).toBe(2_000_000)
    const root = mkdtempSync(join(tmpdir(), 'gd-cgroup-'))
    mkdirSync(join(root, 'proc', '77'), { recursive: true })
    mkdirSync(join(root, 'sys', 'docker-abc.scope'), { recursive: true })
    writeFileSync(join(root, 'proc', '77', 'cgroup'), '0::/docker-abc.scope\n')
    writeFileSync(join(root, 'sys', 'docker-abc.scope', 'cpu.max'), '150000 100000\n')
    writeFileSync(join(root, 'sys', 'docker-abc.scope', 'cpu.stat'), 'usage_usec 10\nthrottled_usec 420\n')
    expect(await readCgroupCpu(77, join(root, 'proc'), join(root, 'sys'))).toEqual({ cpuLimit: 1.5, throttledUsec: 420 })
    expect(await readCgroupCpu(process.pid)).toHaveProperty('cpuLimit')
  })
})
