import { describe, expect, it } from 'vitest'

import type { FleetTable } from '../../../../src/shared/fleet'
import type { FleetFile } from '../../../../src/renderer/features/report/report-store'
import { createI18n } from '../../../../src/renderer/i18n'
import { differingCells, lookFirstItems, nodeFileNames, rejectedFileName } from '../../../../src/renderer/features/report/fleet-view'

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

  it('says which machines to look at first, in English and Chinese: a drained node, a planted cuDNN, a slow load', () => {
    const fleet: FleetTable = {
      ...table(['gd-node1', 'gd-node2', 'gd-node3'], []),
      lookFirst: [
        { node: 'gd-node2', reasons: [{ kind: 'state', state: 'drained', detail: 'fan 3 failed (sinfo: drain)' }] },
        {
          node: 'gd-node3',
          reasons: [
            { kind: 'drift', field: 'cudnn', value: '9.1.0', others: null, count: 2, split: false },
            { kind: 'slow', metric: 'tflops', value: 512.34, median: 673.7 },
          ],
        },
      ],
    }
    expect(lookFirstItems(fleet, createI18n('en').t)).toEqual([
      { node: 'gd-node2', reasons: ['drained: fan 3 failed (sinfo: drain)'] },
      { node: 'gd-node3', reasons: ['cuDNN is 9.1.0 where 2 other machines have none', "step 4 load at 512.3 TFLOP/s per GPU, the other machines' median is 673.7"] },
    ])
    expect(lookFirstItems(fleet, createI18n('zh-CN').t)[1]?.reasons[0]).toBe('cuDNN 为 9.1.0，而其他 2 台机器为 无')
    expect(lookFirstItems({ ...fleet, lookFirst: undefined }, createI18n('en').t)).toEqual([])
  })
})
