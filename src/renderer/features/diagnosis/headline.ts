import type { Finding, StepId, StepResult, StepStatus } from '../../../shared/diagnosis'

export interface Headline {
  /** The worst verdict among the steps that ran. */
  verdict: StepStatus
  ran: number
  failedSteps: number
  /** Distinct error and warning findings across the steps. */
  problems: number
  /** The problem to fix first: the first error in step order, else the first warning. */
  first: { step: StepId; finding: Finding } | null
}

const RANK: Record<StepStatus, number> = { fail: 3, warn: 2, pass: 1, skip: 0 }

export function headlineOf(steps: readonly StepResult[]): Headline | null {
  if (steps.length === 0) return null
  const verdict = steps.reduce<StepStatus>((worst, s) => (RANK[s.status] > RANK[worst] ? s.status : worst), 'skip')
  const seen = new Set<string>()
  const problems: { step: StepId; finding: Finding }[] = []
  for (const step of steps) {
    for (const finding of step.findings) {
      if (finding.severity === 'info' || seen.has(finding.id)) continue
      seen.add(finding.id)
      problems.push({ step: step.id, finding })
    }
  }
  const first = problems.find((p) => p.finding.severity === 'error') ?? problems[0] ?? null
  return {
    verdict,
    ran: steps.length,
    failedSteps: steps.filter((s) => s.status === 'fail').length,
    problems: problems.length,
    first,
  }
}
