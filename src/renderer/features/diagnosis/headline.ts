import type { Finding, StepId, StepResult, StepStatus } from '../../../shared/diagnosis'
import { causeOf, rankByReach } from '../../../shared/problem-reach'

export interface Headline {
  /** The worst verdict among the steps that ran. */
  verdict: StepStatus
  ran: number
  failedSteps: number
  /** Distinct error and warning problems across the steps (findings of one cause count once). */
  problems: number
  /** The problem to fix first: the one that spoils or explains the most steps (src/shared/problem-reach.ts). */
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
      // One problem is counted once: the same finding in two steps, or findings of one cause (a GPU's other processes).
      const cause = causeOf(finding)
      if (finding.severity === 'info' || seen.has(finding.id) || (cause !== null && seen.has(cause))) continue
      seen.add(finding.id)
      if (cause !== null) seen.add(cause)
      problems.push({ step: step.id, finding })
    }
  }
  const first = rankByReach(problems, steps)[0] ?? null
  return {
    verdict,
    ran: steps.length,
    failedSteps: steps.filter((s) => s.status === 'fail').length,
    problems: problems.length,
    first,
  }
}
