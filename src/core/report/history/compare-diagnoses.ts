import type { Diagnosis, StepId } from '../../../shared/diagnosis'
import { STEP_IDS } from '../../../shared/diagnosis'
import type { ComparedField, Comparison } from '../../../shared/history'
import { COMPARED_FIELDS } from '../../../shared/history'
import { reportFacts } from '../facts'
import { num, objs, str } from '../json-read'

export interface ComparedSide {
  id: string | null
  label: string
  diagnosis: Diagnosis
}

type Timing = Comparison['timings'][number]
type Metric = Omit<Timing, 'a' | 'b' | 'ratio'> & { read: (d: Diagnosis) => number | null }

const evidenceOf = (d: Diagnosis, id: StepId) => d.steps.find((s) => s.id === id)?.evidence ?? {}

function factValue(d: Diagnosis, field: ComparedField): string | null {
  const f = reportFacts(d, null, null)
  if (field === 'gpuModels') {
    const names = objs(d.environment.gpus).map((g) => str(g.name)).filter((n): n is string => n !== null)
    if (names.length === 0) return null
    const counts = new Map<string, number>()
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1)
    return [...counts].sort(([x], [y]) => x.localeCompare(y)).map(([n, c]) => `${c}× ${n}`).join(', ')
  }
  return f[field]
}

/** Every timing the two diagnoses can share: probe, per step, Conv2d cases, matmul per GPU. */
function metrics(a: Diagnosis, b: Diagnosis): Metric[] {
  const list: Metric[] = [{ metric: 'probeSeconds', unit: 's', higherIsBetter: false, read: (d) => num(d.environment.probeSeconds) }]
  for (const id of STEP_IDS) {
    list.push({ metric: `step.${id}.durationMs`, unit: 'ms', higherIsBetter: false, read: (d) => d.steps.find((s) => s.id === id)?.durationMs || null })
  }
  const caseLabels = [...new Set([a, b].flatMap((d) => objs(evidenceOf(d, 'conv-timing').cases).map((c) => str(c.label)).filter((l): l is string => l !== null)))]
  for (const label of caseLabels) {
    const read = (field: string) => (d: Diagnosis) => {
      const c = objs(evidenceOf(d, 'conv-timing').cases).find((x) => str(x.label) === label)
      return c ? num(c[field]) : null
    }
    list.push({ metric: `conv.${label}.onMs`, unit: 'ms', higherIsBetter: false, read: read('onMs') })
    list.push({ metric: `conv.${label}.offMs`, unit: 'ms', higherIsBetter: false, read: read('offMs') })
    list.push({ metric: `conv.${label}.ratio`, unit: '×', higherIsBetter: true, read: read('ratio') })
  }
  const gpus = [...new Set([a, b].flatMap((d) => objs(evidenceOf(d, 'sm-utilisation').perGpu).map((g) => num(g.index)).filter((i): i is number => i !== null)))]
  for (const gpu of gpus.sort((x, y) => x - y)) {
    const read = (field: string) => (d: Diagnosis) => {
      const g = objs(evidenceOf(d, 'sm-utilisation').perGpu).find((x) => num(x.index) === gpu)
      return g ? num(g[field]) : null
    }
    list.push({ metric: `sm.gpu${gpu}.tflops`, unit: 'TFLOP/s', higherIsBetter: true, read: read('tflops') })
    list.push({ metric: `sm.gpu${gpu}.loadMean`, unit: '%', higherIsBetter: true, read: read('loadMean') })
  }
  return list
}

/** Two diagnoses side by side: changed versions, verdicts, and timings as ratios B / A. Pure. */
export function compareDiagnoses(a: ComparedSide, b: ComparedSide): Comparison {
  const changes = COMPARED_FIELDS.map((field) => {
    const va = factValue(a.diagnosis, field)
    const vb = factValue(b.diagnosis, field)
    return { field, a: va, b: vb, changed: va !== vb }
  })
  const steps = STEP_IDS.filter((id) => [a, b].some((s) => s.diagnosis.steps.some((x) => x.id === id))).map((id) => {
    const sa = a.diagnosis.steps.find((s) => s.id === id)?.status ?? null
    const sb = b.diagnosis.steps.find((s) => s.id === id)?.status ?? null
    return { id, a: sa, b: sb, changed: sa !== sb }
  })
  const timings = metrics(a.diagnosis, b.diagnosis)
    .map(({ read, ...m }) => {
      const va = read(a.diagnosis)
      const vb = read(b.diagnosis)
      return { ...m, a: va, b: vb, ratio: va !== null && vb !== null && va !== 0 ? vb / va : null }
    })
    .filter((m) => m.a !== null || m.b !== null)
  const side = (s: ComparedSide) => ({ id: s.id, label: s.label, startedAt: s.diagnosis.startedAt })
  return { a: side(a), b: side(b), changes, steps, timings }
}
