import { findStep } from '../../../../shared/diagnosis'
import type { FleetTable, LookFirstReason } from '../../../../shared/fleet'
import type { FleetNode } from './fleet-node'

/** A node this much slower than the median of the others is named (run-to-run noise of steps 4–5 stays well inside it). */
export const SLOW_FRACTION = 0.15

const SEVERITY: Record<LookFirstReason['kind'], number> = { state: 5, health: 4, drift: 3, failing: 2, slow: 1 }

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Step 4's mean matmul TFLOP/s per GPU, and step 5's cuDNN-on time of its last (representative) case. */
function speed(node: FleetNode): { tflops: number | null; convMs: number | null; convCase: string | null } {
  const perGpu = node.diagnosis ? (findStep(node.diagnosis.steps, 'sm-utilisation')?.evidence.perGpu ?? []) : []
  const cases = node.diagnosis ? (findStep(node.diagnosis.steps, 'conv-timing')?.evidence.cases ?? []) : []
  const last = cases.at(-1)
  return {
    tflops: perGpu.length ? perGpu.reduce((a, g) => a + g.tflops, 0) / perGpu.length : null,
    convMs: last ? last.onMs : null,
    convCase: last ? `${last.label} ${last.shape}` : null,
  }
}

/** The value most nodes have, or null when no value has more nodes than every other. */
function majority(values: (string | null)[]): string | null | undefined {
  const counts = new Map<string | null, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1])
  if (sorted.length > 1 && sorted[0]![1] === sorted[1]![1]) return undefined
  return sorted[0]?.[0]
}

/**
 * Which nodes to look at first: a node without a report, then one whose hardware health check found
 * an error, then one whose cuDNN/NCCL/… is not what most nodes have, then failing steps, then a node slower than its siblings in steps 4–5. Pure.
 */
export function lookFirst(nodes: readonly FleetNode[], rows: FleetTable['rows'], differing: readonly string[]): NonNullable<FleetTable['lookFirst']> {
  const reasons = new Map<string, LookFirstReason[]>(nodes.map((n) => [n.name, []]))
  const reported = nodes.filter((n) => n.facts !== null)
  for (const n of nodes) {
    if (n.state && n.state !== 'ok') reasons.get(n.name)!.push({ kind: 'state', state: n.state, detail: n.detail ?? null })
  }
  for (const field of differing) {
    if (field === 'nodeState' || field === 'failingSteps' || field.startsWith('step.')) continue
    const row = rows.find((r) => r.field === field)
    if (!row) continue
    const values = nodes.map((n, i) => ({ node: n, value: row.values[i] ?? null })).filter((v) => v.node.facts !== null)
    const common = majority(values.map((v) => v.value))
    for (const v of values) {
      if (common !== undefined && v.value === common) continue
      const count = common === undefined ? values.length - 1 : values.filter((o) => o.value === common).length
      reasons.get(v.node.name)!.push({ kind: 'drift', field, value: v.value, others: common ?? null, count, split: common === undefined })
    }
  }
  for (const n of reported) {
    const errors = [...new Set((n.health?.findings ?? []).filter((f) => f.severity === 'error').map((f) => f.id))]
    if (errors.length) reasons.get(n.name)!.push({ kind: 'health', findings: errors })
  }
  for (const n of reported) {
    const steps = (n.diagnosis?.steps ?? []).filter((s) => s.status === 'fail').map((s) => s.id)
    if (steps.length) reasons.get(n.name)!.push({ kind: 'failing', steps })
  }
  const speeds = reported.map((n) => ({ node: n, ...speed(n) }))
  for (const s of speeds) {
    const tflopsOthers = speeds.filter((o) => o !== s && o.tflops !== null).map((o) => o.tflops!)
    if (s.tflops !== null && tflopsOthers.length >= 1) {
      const m = median(tflopsOthers)
      if (s.tflops < m * (1 - SLOW_FRACTION)) reasons.get(s.node.name)!.push({ kind: 'slow', metric: 'tflops', value: s.tflops, median: m })
    }
    const convOthers = speeds.filter((o) => o !== s && o.convMs !== null && o.convCase === s.convCase).map((o) => o.convMs!)
    if (s.convMs !== null && convOthers.length >= 1) {
      const m = median(convOthers)
      if (s.convMs > m * (1 + SLOW_FRACTION)) reasons.get(s.node.name)!.push({ kind: 'slow', metric: 'convMs', value: s.convMs, median: m })
    }
  }
  const worst = (rs: LookFirstReason[]) => Math.max(...rs.map((r) => SEVERITY[r.kind]))
  return [...reasons.entries()]
    .filter(([, rs]) => rs.length > 0)
    .map(([node, rs]) => ({ node, reasons: [...rs].sort((a, b) => SEVERITY[b.kind] - SEVERITY[a.kind]) }))
    .sort((a, b) => worst(b.reasons) - worst(a.reasons) || b.reasons.length - a.reasons.length)
}
