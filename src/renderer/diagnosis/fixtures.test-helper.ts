import type { Diagnosis, StepId, StepResult } from '../../shared/diagnosis'
import cpu from '../../../e2e/data/diagnosis-debian-cpu-torch.json'
import h200NoCudnn from '../../../e2e/data/diagnosis-h200-disable-cudnn.json'
import h200 from '../../../e2e/data/diagnosis-h200.json'

/** Real diagnoses kept for the e2e tests: an H200 (healthy, and with cuDNN off) and Debian's CPU-only torch. */
const DIAGNOSES = {
  'diagnosis-h200': h200,
  'diagnosis-h200-disable-cudnn': h200NoCudnn,
  'diagnosis-debian-cpu-torch': cpu,
} as const

export function loadDiagnosis(name: keyof typeof DIAGNOSES): Diagnosis {
  return structuredClone(DIAGNOSES[name]) as unknown as Diagnosis
}

export function stepOf(d: Diagnosis, id: StepId): StepResult {
  const step = d.steps.find((s) => s.id === id)
  if (!step) throw new Error(`no ${id}`)
  return step
}
