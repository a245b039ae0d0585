import type { Finding, StepResult } from '../../../shared/diagnosis'
import { interpolate } from '../../../shared/i18n/interpolate'
import { summariesEn } from '../../../shared/i18n/summaries'
import { statusFrom } from './step-inputs'

/** Step 1 findings that explain every runner problem about GPUs (there is no GPU to give a container). */
const ROOT_CAUSES = new Set(['no-nvidia-gpu'])

/**
 * Adds what the probe runner found about where it ran (a container without GPU support, a 64 MB
 * /dev/shm) to step 1, "GPU visible to PyTorch": that is where such plumbing shows. A runner
 * error explains the probe's failure, so the generic probe-failed finding gives way to it.
 */
export function withRunnerFindings(steps: StepResult[], runnerFindings: Finding[]): StepResult[] {
  if (runnerFindings.length === 0) return steps
  return steps.map((step) => {
    if (step.id !== 'gpu-visible') return step
    // No GPU on the machine explains a container without GPU support too: it leads, and the runner's
    // advice to install GPU plumbing (the container toolkit) is left out, since it cannot help.
    const root = step.findings.find((f) => ROOT_CAUSES.has(f.id))
    const findings = root ? [root, ...runnerFindings.filter((f) => f.severity === 'error')] : runnerFindings
    const explained = findings.some((f) => f.severity === 'error')
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
