import type { Diagnosis } from '../../../../shared/diagnosis'
import { findStep, STEP_IDS } from '../../../../shared/diagnosis'
import type { ComparedField, Comparison } from '../../../../shared/history'
import { COMPARED_FIELDS } from '../../../../shared/history'
import { gpuModelsLabel, reportFacts } from '../facts'
import { runOptionFlags, runOptionsOf } from '../../../../shared/run-options'

export interface ComparedSide {
  id: string | null
  label: string
  diagnosis: Diagnosis
}

type Timing = Comparison['timings'][number]
type Metric = Omit<Timing, 'a' | 'b' | 'ratio'> & { read: (d: Diagnosis) => number | null }

const convCases = (d: Diagnosis) => findStep(d.steps, 'conv-timing')?.evidence.cases ?? []
const smGpus = (d: Diagnosis) => findStep(d.steps, 'sm-utilisation')?.evidence.perGpu ?? []

function factValue(d: Diagnosis, field: ComparedField): string | null {
  if (field === 'runOptions') return runOptionFlags(runOptionsOf(d.environment))
  return field === 'gpuModels' ? gpuModelsLabel(d, null) : reportFacts(d, null, null)[field]
}

/** Every timing the two diagnoses can share: probe, per step, Conv2d cases, matmul per GPU. */
function metrics(a: Diagnosis, b: Diagnosis): Metric[] {
  const list: Metric[] = [{ metric: 'probeSeconds', unit: 's', higherIsBetter: false, read: (d) => d.environment.probeSeconds ?? null }]
  for (const id of STEP_IDS) {
    list.push({ metric: `step.${id}.durationMs`, unit: 'ms', higherIsBetter: false, read: (d) => d.steps.find((s) => s.id === id)?.durationMs || null })
  }
  const caseLabels = [...new Set([a, b].flatMap((d) => convCases(d).map((c) => c.label)))]
  for (const label of caseLabels) {
    const read = (field: 'onMs' | 'offMs' | 'ratio') => (d: Diagnosis) => convCases(d).find((x) => x.label === label)?.[field] ?? null
    list.push({ metric: `conv.${label}.onMs`, unit: 'ms', higherIsBetter: false, read: read('onMs') })
    list.push({ metric: `conv.${label}.offMs`, unit: 'ms', higherIsBetter: false, read: read('offMs') })
    list.push({ metric: `conv.${label}.ratio`, unit: '×', higherIsBetter: true, read: read('ratio') })
  }
  const gpus = [...new Set([a, b].flatMap((d) => smGpus(d).map((g) => g.index)))]
  for (const gpu of gpus.sort((x, y) => x - y)) {
    const read = (field: 'tflops' | 'loadMean') => (d: Diagnosis) => smGpus(d).find((x) => x.index === gpu)?.[field] ?? null
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
