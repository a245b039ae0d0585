import { describe, expect, it } from 'vitest'

import { mergeReports } from '../../../../src/core/domain/report/fleet/merge-reports'
import { renderFleetMarkdown } from '../../../../src/core/domain/report/fleet/render-fleet'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import { h200Report } from './fixtures'

type Mutable = { diagnosis: { steps: { id: string; evidence: { perGpu?: { tflops: number }[]; cases?: { onMs: number }[] } }[] } }

/** The real H200 JSON report; `change` edits one node's copy. */
function node(name: string, change?: (r: Mutable) => void) {
  const report = JSON.parse(renderReport(h200Report('diagnose'), 'json', 'en')) as Mutable
  change?.(report)
  return { name, text: JSON.stringify(report) }
}
const step = (r: Mutable, id: string) => r.diagnosis.steps.find((s) => s.id === id)!.evidence

describe('which nodes to look at first', () => {
  it('four identical H200 nodes: nobody, and the Markdown has no such list', () => {
    const table = mergeReports(['a', 'b', 'c', 'd'].map((n) => node(n)))
    expect(table.lookFirst).toEqual([])
    expect(renderFleetMarkdown(table, 'en')).not.toContain('Look at these nodes first')
  })

  it('a node 30 % slower in the step 4 load and one whose Conv2d takes 1.5× as long are named with the median of the others; 5 % is noise', () => {
    const table = mergeReports([
      node('a'),
      node('b', (r) => step(r, 'sm-utilisation').perGpu!.forEach((g) => (g.tflops *= 0.95))),
      node('slow-matmul', (r) => step(r, 'sm-utilisation').perGpu!.forEach((g) => (g.tflops *= 0.7))),
      node('slow-conv', (r) => step(r, 'conv-timing').cases!.forEach((c) => (c.onMs *= 1.5))),
    ])
    expect(table.differing).toEqual([])
    const named = Object.fromEntries((table.lookFirst ?? []).map((l) => [l.node, l.reasons]))
    expect(Object.keys(named).sort()).toEqual(['slow-conv', 'slow-matmul'])
    expect(named['slow-matmul']?.[0]).toMatchObject({ kind: 'slow', metric: 'tflops' })
    expect(named['slow-conv']?.[0]).toMatchObject({ kind: 'slow', metric: 'convMs' })
    const md = renderFleetMarkdown(table, 'en')
    expect(md).toMatch(/- slow-matmul: step 4 load at [\d.]+ TFLOP\/s per GPU, the other nodes' median is [\d.]+/)
  })

  it('nodes without a report (drained, failed) come first, and their empty cells are not counted as drift', () => {
    const table = mergeReports([
      { ...node('a'), state: 'ok' },
      { name: 'b', text: '', state: 'drained', detail: 'drain: fan 3 failed' },
      { ...node('c'), state: 'ok' },
      { name: 'd', text: 'srun: error: Unable to create step', state: 'ok' },
    ])
    expect(table.differing).toEqual(['nodeState'])
    expect(table.rows.find((r) => r.field === 'cudnn')).toMatchObject({ values: ['9.19.0', null, '9.19.0', null], differs: false })
    expect(table.nodes.map((n) => n.state)).toEqual(['ok', 'drained', 'ok', 'failed'])
    expect(table.lookFirst?.map((l) => l.node)).toEqual(['b', 'd'])
    expect(table.lookFirst?.[0]?.reasons).toEqual([{ kind: 'state', state: 'drained', detail: 'drain: fan 3 failed' }])
    expect(renderFleetMarkdown(table, 'zh-CN')).toContain('b: 已排空（drained）：drain: fan 3 failed')
  })

  it('two nodes that disagree: no majority, both are named', () => {
    const table = mergeReports([node('a'), node('b', (r) => ((r as unknown as { facts: { nccl: string } }).facts.nccl = '2.21.5'))])
    expect(table.differing).toEqual(['nccl'])
    expect(table.lookFirst?.map((l) => [l.node, l.reasons[0]])).toEqual([
      ['a', { kind: 'drift', field: 'nccl', value: '2.28.9', others: null, count: 1, split: true }],
      ['b', { kind: 'drift', field: 'nccl', value: '2.21.5', others: null, count: 1, split: true }],
    ])
  })

  it('a node whose hardware health check found an error (Xid 79) comes before a drifting one; warnings alone do not name it', () => {
    const finding = (id: string, severity: string) => ({ id, severity, message: id, fix: 'fix', evidence: null, params: {} })
    const health = (findings: unknown[]) => ({ source: 'live', driverVersion: '580.159.04', gpus: [], kernelLog: { readable: true, source: 'dmesg', xidCount: 1 }, findings })
    const table = mergeReports([
      node('a', (r) => Object.assign(r, { health: health([finding('gpu-fallen-off-bus', 'error'), finding('pcie-link-degraded', 'warning')]) })),
      node('b', (r) => Object.assign(r, { health: health([finding('pcie-link-degraded', 'warning')]) })),
      node('c', (r) => ((r as unknown as { facts: { nccl: string } }).facts.nccl = '2.21.5')),
    ])
    expect(table.rejected).toEqual([])
    expect(table.lookFirst?.map((l) => [l.node, l.reasons[0]?.kind])).toEqual([
      ['a', 'health'],
      ['c', 'drift'],
    ])
    expect(table.lookFirst?.[0]?.reasons[0]).toEqual({ kind: 'health', findings: ['gpu-fallen-off-bus'] })
    expect(renderFleetMarkdown(table, 'en')).toContain('- a: hardware health errors: gpu-fallen-off-bus')
  })
})
