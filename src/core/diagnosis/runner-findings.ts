import type { Finding, StepResult } from '../../shared/diagnosis'
import { interpolate } from '../../shared/i18n/interpolate'
import { summariesEn } from '../../shared/i18n/summaries'
import { statusFrom } from './step-inputs'

/**
 * Adds what the probe runner found about where it ran (a container without GPU support, a 64 MB
 * /dev/shm) to step 1, "GPU visible to PyTorch": that is where such plumbing shows. A runner
 * error explains the probe's failure, so the generic probe-failed finding gives way to it.
 */
export function withRunnerFindings(steps: StepResult[], findings: Finding[]): StepResult[] {
  if (findings.length === 0) return steps
  const explained = findings.some((f) => f.severity === 'error')
  return steps.map((step) => {
    if (step.id !== 'gpu-visible') return step
    const own = explained ? step.findings.filter((f) => f.id !== 'probe-failed') : step.findings
    const all = [...findings, ...own.filter((f) => !findings.some((r) => r.id === f.id))]
    const status = statusFrom(all)
    const worst = status === 'fail' ? 'fail' : step.status === 'fail' ? 'fail' : status === 'warn' || step.status === 'warn' ? 'warn' : step.status
    const first = findings.find((f) => f.severity === 'error')
    if (!first || !explained) return { ...step, status: worst, findings: all }
    const summaryParams = { reason: first.message, findingId: first.id }
    return { ...step, status: worst, findings: all, summary: interpolate(summariesEn['probe.failed'], summaryParams), summaryKey: 'probe.failed', summaryParams }
  })
}
