// How far a problem reaches: the steps whose results it spoils or explains. The headline names first
// the problem that reaches furthest, so a GPU busy with another process (steps 4, 5 and 6 measured
// on a shared GPU) comes before a variable that slows only NCCL's collectives (step 6).

import { STEP_IDS } from './constants'
import type { StepId } from './diagnosis'
import { ENV_FINDING_AREAS } from './i18n/env-finding-ids'

interface ReachFinding {
  id: string
  severity: 'error' | 'warning' | 'info'
  params: Record<string, unknown>
}
interface ReachStep {
  id: StepId
  status: 'pass' | 'warn' | 'fail' | 'skip'
  summary: string
  summaryKey?: string | null
  summaryParams?: Record<string, unknown>
  findings: readonly ReachFinding[]
}

/** The steps whose measurements an area of the CUDA stack changes (cuda-environment.json's `area`). */
const STEPS_OF_AREA: Record<string, readonly StepId[]> = {
  nccl: ['gpu-links'],
  cudnn: ['conv-timing'],
  cublas: ['sm-utilisation'],
  cuda: ['sm-utilisation', 'conv-timing', 'gpu-links'],
  pytorch: ['sm-utilisation', 'conv-timing', 'gpu-links'],
}

/** Environment findings by id: the steps their variable acts on. */
const ENV_REACH: ReadonlyMap<string, readonly StepId[]> = new Map(Object.entries(ENV_FINDING_AREAS).map(([id, area]) => [id, STEPS_OF_AREA[area] ?? []]))

/** Skips that say which step they follow from: "(step 1)", `skip.afterCudaError`'s step. */
const SKIPS_CITING_STEP_1 = new Set(['skip.noTorch', 'skip.noCuda', 'skip.cpuBuild', 'skip.probe'])
function citedStep(step: ReachStep): StepId | null {
  if (step.status !== 'skip') return null
  if (step.summaryKey && SKIPS_CITING_STEP_1.has(step.summaryKey)) return 'gpu-visible'
  const n = Number(step.summaryParams?.step ?? /\((?:see )?step (\d)\)/.exec(step.summary)?.[1] ?? NaN)
  return STEP_IDS[n - 1] ?? null
}

/** What ties two findings to one cause: the same other processes on a GPU (`gpu-contended` and the timings it spoiled). */
export const causeOf = (f: ReachFinding): string | null => (typeof f.params.processes === 'string' && f.params.processes !== '' ? `processes:${f.params.processes}` : null)

/**
 * The steps (that ran) a problem found in step `at` spoils or explains: its own; every step that
 * names the same finding or the same cause; the steps its variable acts on; and, for an error that
 * failed its step, the steps skipped because of it.
 */
export function reachOf(at: StepId, finding: ReachFinding, steps: readonly ReachStep[]): Set<StepId> {
  const ran = (id: StepId) => steps.some((s) => s.id === id && s.status !== 'skip')
  const env = ENV_REACH.get(finding.id)
  if (env) return new Set(env.filter(ran))
  const reach = new Set<StepId>([at])
  const cause = causeOf(finding)
  for (const s of steps) {
    // A later step that points at this finding (`same-as-step`) is spoiled by it as much as one that repeats it.
    const names = (f: ReachFinding) => f.id === finding.id || (f.id === 'same-as-step' && f.params.findingId === finding.id)
    if (s.findings.some((f) => names(f) || (cause !== null && causeOf(f) === cause))) reach.add(s.id)
  }
  const own = steps.find((s) => s.id === at)
  if (finding.severity === 'error' && own?.status === 'fail') for (const s of steps) if (citedStep(s) === at) reach.add(s.id)
  return reach
}

const SEVERITY = { error: 2, warning: 1, info: 0 } as const

/** Problems in the order to tell them: the furthest reach first, then errors before warnings, then step order. */
export function rankByReach<P extends { step: StepId; finding: ReachFinding }>(problems: readonly P[], steps: readonly ReachStep[]): P[] {
  const reach = new Map(problems.map((p) => [p, reachOf(p.step, p.finding, steps).size]))
  return problems
    .map((p, order) => ({ p, order }))
    .sort((a, b) => reach.get(b.p)! - reach.get(a.p)! || SEVERITY[b.p.finding.severity] - SEVERITY[a.p.finding.severity] || a.order - b.order)
    .map((x) => x.p)
}
