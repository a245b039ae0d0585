import { describe, expect, it } from 'vitest'

import type { FleetTable } from '../../../shared/fleet'
import type { FleetFile } from './report-store'
import { differingCells, nodeFileNames, rejectedFileName } from './fleet-view'

const file = (name: string, ok = true): FleetFile => ({ name, size: 10, text: ok ? '{}' : null, problem: ok ? null : 'too-large' })
const table = (nodes: string[], rejected: number[]): FleetTable => ({
  nodes: nodes.map((name) => ({ name, generatedAt: null, failingSteps: [] })),
  rows: [],
  differing: [],
  rejected: rejected.map((index) => ({ index, name: `node-${index + 1}`, code: 'not-report', detail: null, reason: 'not a report' })),
})

describe('fleet table view', () => {
  it('flags the cells that differ from the majority, or all of them when there is none', () => {
    expect(differingCells(['9.1', '9.1', '9.1'], false)).toEqual([false, false, false])
    expect(differingCells(['9.1', '9.1', '8.9'], true)).toEqual([false, false, true])
    expect(differingCells(['9.1', '8.9'], true)).toEqual([true, true])
    expect(differingCells(['a', 'a', 'b', 'b'], true)).toEqual([true, true, true, true])
    expect(differingCells(['a', null, 'a'], true)).toEqual([false, true, false])
  })

  it("names each node's file: the core drops rejected inputs and keeps the order of the rest", () => {
    const files = [file('a.json'), file('big.json', false), file('broken.json'), file('c.json')]
    // Sent: a, broken, c; the core rejected index 1 (broken).
    expect(nodeFileNames(files, table(['host-a', 'host-c'], [1]))).toEqual(['a.json', 'c.json'])
    expect(rejectedFileName(files, 1)).toBe('broken.json')
    expect(rejectedFileName(files, 7)).toBe('#8')
  })
})
