import { describe, expect, it } from 'vitest'

import { mergeReports } from '../../../../src/core/domain/report/fleet/merge-reports'
import { renderFleetHtml, renderFleetMarkdown } from '../../../../src/core/domain/report/fleet/render-fleet'
import { renderReport } from '../../../../src/core/domain/report/rendering/render'
import { fixtureText, h200Report } from './fixtures'

/** The real H200 JSON report, with the cuDNN of one node changed. */
function nodes() {
  const same = renderReport(h200Report('diagnose'), 'json', 'en')
  const planted = JSON.parse(same) as { facts: { cudnn: string }; diagnosis: { environment: { cudnn: string } } }
  planted.facts.cudnn = '9.14.0'
  planted.diagnosis.environment.cudnn = '9.14.0'
  return [
    { name: 'node-a', text: same },
    { name: 'node-b', text: same },
    { name: 'node-c', text: JSON.stringify(planted) },
  ]
}

describe('fleet merge', () => {
  it('flags a planted cuDNN difference, first among what differs', () => {
    const table = mergeReports(nodes())
    expect(table.nodes.map((n) => n.name)).toEqual(['node-a', 'node-b', 'node-c'])
    expect(table.differing).toEqual(['cudnn'])
    const cudnn = table.rows.find((r) => r.field === 'cudnn')!
    expect(cudnn).toEqual({ field: 'cudnn', values: ['9.19.0', '9.19.0', '9.14.0'], differs: true })
    for (const field of ['driverVersion', 'driverCuda', 'torch', 'torchCuda', 'nccl', 'gpuModels', 'failingSteps']) {
      expect(table.rows.find((r) => r.field === field)?.differs, field).toBe(false)
    }

    const md = renderFleetMarkdown(table, 'en')
    expect(md).toContain('| Field | node-a | node-b | node-c |  |')
    expect(md).toContain('| **cuDNN** | 9.19.0 | 9.19.0 | 9.14.0 | **differs** |')
    expect(md).toContain('| NCCL | 2.28.9 | 2.28.9 | 2.28.9 |  |')
    expect(md).toMatch(/Every node of a training cluster needs the same cuDNN/)
    const html = renderFleetHtml(table, 'zh-CN')
    expect(html).toContain('<td class="flag">9.14.0</td>')
    expect(html).toContain('训练集群的每个节点都需要相同的 cuDNN')
  })

  it('flags failing steps per node, takes bare diagnoses, names nodes by host name, and lists what it could not read', () => {
    const table = mergeReports([
      { name: null, text: renderReport(h200Report('diagnose'), 'json', 'en') },
      { name: null, text: fixtureText('diagnose-cvd-empty') },
      { name: null, text: '{"hello": 1}' },
      { name: 'garbage.json', text: 'not json' },
    ])
    expect(table.nodes.map((n) => n.name)).toEqual(['gpu-node-17.cluster.example.com', 'node-2'])
    expect(table.nodes[1]!.failingSteps).toEqual(['gpu-visible'])
    expect(table.differing).toEqual(['failingSteps', 'step.gpu-visible', 'step.cudnn-loaded', 'step.sm-utilisation', 'step.conv-timing'])
    expect(table.rejected).toEqual([
      { index: 2, name: 'node-3', code: 'not-report', detail: null, reason: 'not a GPU Doctor report or diagnosis' },
      { index: 3, name: 'garbage.json', code: 'not-json', detail: null, reason: 'not JSON' },
    ])
    // The reasons are codes, so a Chinese table says them in Chinese.
    const zh = renderFleetMarkdown(table, 'zh-CN')
    expect(zh).toContain('未合并：node-3（不是 GPU Doctor 报告或诊断）')
    expect(zh).toContain('未合并：garbage.json（不是 JSON）')
    const md = renderFleetMarkdown(table, 'en')
    expect(md).toContain('Nodes with failing steps: node-2')
    expect(md).toContain('| **1. GPU visible to PyTorch** | PASS | FAIL | **differs** |')
  })

  it('keeps two nodes with the same host name apart', () => {
    const text = renderReport(h200Report('diagnose'), 'json', 'en')
    expect(mergeReports([{ name: null, text }, { name: null, text }]).nodes.map((n) => n.name)).toEqual([
      'gpu-node-17.cluster.example.com',
      'gpu-node-17.cluster.example.com #2',
    ])
  })
})
