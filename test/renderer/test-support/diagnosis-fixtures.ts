import type { Diagnosis, StepId, StepResultOf } from '../../../src/shared/diagnosis'
import { DiagnosisSchema, findStep } from '../../../src/shared/diagnosis'
import cpu from '../../../e2e/data/diagnosis-debian-cpu-torch.json'
import h200NoCudnn from '../../../e2e/data/diagnosis-h200-disable-cudnn.json'
import h200 from '../../../e2e/data/diagnosis-h200.json'

/** Real diagnoses kept for the e2e tests: an H200 (healthy, and with cuDNN off) and Debian's CPU-only torch. */
const DIAGNOSES = {
  'diagnosis-h200': h200,
  'diagnosis-h200-disable-cudnn': h200NoCudnn,
  'diagnosis-debian-cpu-torch': cpu,
} as const

/** A saved diagnosis, parsed by the contract as the app parses one from history or a file. */
export function loadDiagnosis(name: keyof typeof DIAGNOSES): Diagnosis {
  return DiagnosisSchema.parse(structuredClone(DIAGNOSES[name]))
}

export function stepOf<I extends StepId>(d: Diagnosis, id: I): StepResultOf<I> {
  const step = findStep(d.steps, id)
  if (!step) throw new Error(`no ${id}`)
  return step
}
