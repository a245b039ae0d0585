import type { Finding } from '../../../shared/diagnosis'
import type { ConvCase, ExpectedCheck, SmGpu } from '../../../shared/evidence'
import { UNSTEADY_PERCENT } from '../../../shared/constants'
import { type ExpectedModel, expectedFor, expectedPerformance } from '../../knowledge/compat/expected-performance'
import { makeFinding } from '../findings/finding-catalog'

/** Among GPUs of one model, slower than the others by more than both GPUs' uncertainty plus this is a warning. */
export const SIBLING_MARGIN_PERCENT = 3

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

const pct = (v: number) => v.toFixed(1)
const unsteady = (g: SmGpu) => (g.steadinessPercent ?? 0) > UNSTEADY_PERCENT
const comparable = (g: SmGpu) => !g.error && !g.contended && !unsteady(g) && g.tflops > 0 && g.name !== null

/**
 * How far this run's TFLOP/s could be from the GPU's steady figure: the gap between the load's two
 * halves (probe 1.7+). The chunks' own 10th–90th percentile spread is 6–12 % on an idle H200 and
 * 11–21 % on an H100 whose power cap swings the clocks, while the load's mean repeats within 1 %:
 * as a threshold it let a GPU 20–30 % slower than its siblings pass. Older probes: that spread.
 */
export const uncertaintyOf = (g: Pick<SmGpu, 'steadinessPercent' | 'spreadPercent'>) => g.steadinessPercent ?? g.spreadPercent ?? 0

/** A GPU whose throughput moved between the two halves of the load: its figure is not a steady one, said with the causes checked. */
export function unsteadyThroughput(perGpu: SmGpu[], causesOf: (i: number) => string): Finding[] {
  return perGpu.flatMap((g, i) => {
    if (g.error || g.contended || !g.halvesTflops || !unsteady(g)) return []
    const [first, second] = g.halvesTflops
    return [
      makeFinding('gpu-throughput-unsteady', 'warning', {
        gpu: g.index,
        first: first.toFixed(0),
        second: second.toFixed(0),
        percent: pct(g.steadinessPercent ?? 0),
        threshold: UNSTEADY_PERCENT,
        causes: causesOf(i),
      }),
    ]
  })
}

/**
 * Each GPU against the others of its model that ran at the same time: a GPU below their median by
 * more than its own uncertainty, theirs and a margin is named, with each cause checked. A busy GPU and
 * one whose speed moved during the load are already labelled as such and are neither judged nor used as the reference.
 */
export function siblingComparison(perGpu: SmGpu[], causesOf: (i: number) => string): Finding[] {
  const findings: Finding[] = []
  perGpu.forEach((g, i) => {
    if (!comparable(g)) return
    const siblings = perGpu.filter((o, j) => j !== i && comparable(o) && o.name === g.name)
    if (siblings.length === 0) return
    const reference = median(siblings.map((s) => s.tflops))
    const slower = (1 - g.tflops / reference) * 100
    const threshold = uncertaintyOf(g) + median(siblings.map(uncertaintyOf)) + SIBLING_MARGIN_PERCENT
    if (slower <= threshold) return
    findings.push(
      makeFinding('gpu-slower-than-siblings', 'warning', {
        gpu: g.index,
        name: g.name ?? '?',
        tflops: g.tflops.toFixed(0),
        reference: reference.toFixed(0),
        siblings: siblings.map((s) => s.index).join(', '),
        percent: pct(slower),
        threshold: pct(threshold),
        causes: causesOf(i),
      }),
    )
  })
  return findings
}

function basisOf(row: ExpectedModel, table = expectedPerformance()): { expected: number; spread: number; basis: 'measured' | 'datasheet'; source: string } {
  if (row.measured) return { expected: row.measured.matmulTflops, spread: row.measured.matmulSpreadPercent + table.marginPercent, basis: 'measured', source: row.measured.sources.join(', ') }
  return { expected: row.datasheetDenseBf16.tflops * table.minFractionOfDatasheet, spread: 0, basis: 'datasheet', source: row.datasheetDenseBf16.sources.join(', ') }
}

/** Step 4's TFLOP/s against what this model should reach (resources/data/gpu-expected-performance.json). */
export function expectedMatmul(perGpu: SmGpu[], causesOf: (i: number) => string): { findings: Finding[]; evidence: ExpectedCheck[] } {
  const findings: Finding[] = []
  const evidence: ExpectedCheck[] = []
  const unknown = new Set<string>()
  perGpu.forEach((g, i) => {
    if (g.error || g.name === null) return
    const row = expectedFor(g.name)
    if (!row) {
      unknown.add(g.name)
      evidence.push({ index: g.index, what: 'matmul', model: null, basis: 'unknown', measured: g.tflops, expected: null, slowerPercent: null, thresholdPercent: null, source: null })
      return
    }
    const b = basisOf(row)
    const threshold = b.spread + uncertaintyOf(g)
    const slower = (1 - g.tflops / b.expected) * 100
    evidence.push({ index: g.index, what: 'matmul', model: row.model, basis: b.basis, measured: g.tflops, expected: b.expected, slowerPercent: slower, thresholdPercent: threshold, source: b.source })
    if (g.contended || unsteady(g) || slower <= threshold) return
    findings.push(
      makeFinding(b.basis === 'measured' ? 'gpu-slower-than-expected' : 'gpu-far-below-datasheet', 'warning', {
        gpu: g.index,
        name: g.name,
        model: row.model,
        tflops: g.tflops.toFixed(0),
        expected: b.expected.toFixed(0),
        percent: pct(slower),
        threshold: pct(threshold),
        datasheet: row.datasheetDenseBf16.tflops,
        causes: causesOf(i),
      }),
    )
  })
  for (const name of unknown) findings.push(makeFinding('gpu-expected-unknown', 'info', { name }))
  return { findings, evidence }
}

/** Step 5's timings on one GPU against the model's measured ones; nothing to compare for a model measured by nobody. */
export function expectedConv(
  gpu: { index: number; name: string | null; contended: boolean },
  cases: ConvCase[],
  causes: string,
): { findings: Finding[]; evidence: ExpectedCheck[] } {
  const row = gpu.name ? expectedFor(gpu.name) : null
  const table = expectedPerformance()
  if (!row?.measured) return { findings: [], evidence: [{ index: gpu.index, what: 'conv', model: row?.model ?? null, basis: 'unknown', measured: null, expected: null, slowerPercent: null, thresholdPercent: null, source: null }] }
  const m = row.measured
  const want: Record<string, [number, number]> = { seed: [m.conv.seedOnMs, m.conv.seedOffMs], representative: [m.conv.representativeOnMs, m.conv.representativeOffMs] }
  const findings: Finding[] = []
  const evidence: ExpectedCheck[] = []
  for (const c of cases) {
    const [onMs] = want[c.label] ?? []
    if (onMs === undefined) continue
    // Slower means more milliseconds: how much longer than the model's time, as a share of the GPU's speed.
    const slower = (1 - onMs / c.onMs) * 100
    // How sure the median is: its blocks' interquartile range (probe 1.7+), else their 10th–90th range.
    const threshold = m.convSpreadPercent + table.marginPercent + (c.iqrOnPercent ?? c.spreadOnPercent ?? 0)
    evidence.push({ index: gpu.index, what: `conv ${c.label}`, model: row.model, basis: 'measured', measured: c.onMs, expected: onMs, slowerPercent: slower, thresholdPercent: threshold, source: m.sources.join(', ') })
    if (!gpu.contended && slower > threshold)
      findings.push(
        makeFinding('conv-slower-than-expected', 'warning', {
          gpu: gpu.index,
          model: row.model,
          case: c.label,
          ms: c.onMs.toFixed(3),
          expected: onMs.toFixed(3),
          percent: pct(slower),
          threshold: pct(threshold),
          causes,
        }),
      )
  }
  return { findings, evidence }
}
