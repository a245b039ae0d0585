import type { Diagnosis, Finding, StepResult } from '../../../shared/diagnosis'
import { makeFinding } from '../findings/finding-catalog'

/**
 * What a run's own options did, named as such: with "Run with cuDNN switched off" (`--disable-cudnn`)
 * GPU Doctor set `torch.backends.cudnn.enabled = False` itself, so "cuDNN disabled" is the option's
 * doing, not code of the user's to remove. Applied to new runs and to diagnoses saved before.
 */
export function attributeRunOptions(d: Diagnosis): Diagnosis {
  if (d.environment.disableCudnn !== true) return d
  return { ...d, steps: d.steps.map(attributeStep) }
}

const byOption = (f: Finding): Finding => (f.id === 'cudnn-disabled' ? makeFinding('cudnn-disabled-by-option', f.severity, {}, f.evidence) : f)

function attributeStep(step: StepResult): StepResult {
  if (!step.findings.some((f) => f.id === 'cudnn-disabled')) return step
  const before = step.findings.find((f) => f.id === 'cudnn-disabled')!
  // "cuDNN does not speed up convolutions" has its cause named beside it: the option switched cuDNN off.
  const findings = step.findings.filter((f) => f.id !== 'cudnn-not-effective').map(byOption)
  const said = findings.find((f) => f.id === 'cudnn-disabled-by-option')!
  // A summary that quotes the finding ("cuDNN is not in use: …") quotes the option's words (older files: its text only).
  const params = step.summaryParams ?? {}
  const summaryParams = params.findingId === 'cudnn-disabled' ? { ...params, findingId: said.id, reason: said.message } : params
  const summary = step.summary.includes(before.message) ? step.summary.replace(before.message, said.message) : step.summary
  return { ...step, findings, summaryParams, summary } as StepResult
}
