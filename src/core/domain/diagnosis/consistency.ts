import type { Finding, StepId, StepResult, StepStatus } from '../../../shared/diagnosis'
import { summariesEn } from '../../../shared/i18n/summaries'
import { interpolate } from '../../../shared/i18n/interpolate'
import { makeFinding } from '../findings/finding-catalog'
import { mergeSameId } from './merge-findings'

// The steps of one diagnosis must not contradict each other. checkConsistency finds where they do
// (tests fail on any); makeConsistent corrects a diagnosis at run time the conservative way (a verdict
// is only ever lowered, never raised) so that the user never sees the contradiction.

export type ConsistencyRule = 'skip-unexplained' | 'cudnn-file-disagrees' | 'cudnn-shadow-unflagged' | 'repeated-finding' | 'status-below-findings'

export interface Violation {
  rule: ConsistencyRule
  step: StepId
  detail: string
}

/** Skips that say "because of step 1": step 1 must have failed for them to be true. */
const SKIPS_CITING_STEP_1 = new Set(['skip.noTorch', 'skip.noCuda', 'skip.cpuBuild', 'skip.probe'])
/** Step 3's findings that say the loaded cuDNN (or a library of the wheel) came from another copy. */
const SHADOW_IN_STEP_3 = new Set(['cudnn-shadowed-by-system-copy', 'wheel-library-loaded-from-elsewhere'])
const RANK: Record<StepStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 }

function worstOf(findings: Finding[]): StepStatus {
  if (findings.some((f) => f.severity === 'error')) return 'fail'
  if (findings.some((f) => f.severity === 'warning')) return 'warn'
  return 'pass'
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a)
  const y = new Set(b)
  return x.size === y.size && [...x].every((v) => y.has(v))
}

// An id more than once in a step is a repeat whatever its text: one finding per id, listing its GPUs/cases.
function repeated(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((f) => {
    const key = f.id
    if (!seen.has(key)) {
      seen.add(key)
      return false
    }
    return true
  })
}

/** Every contradiction in a diagnosis's steps; empty when they agree. */
export function checkConsistency(steps: readonly StepResult[]): Violation[] {
  const out: Violation[] = []
  const first = steps.find((s) => s.id === 'gpu-visible')
  for (const s of steps) {
    if (s.status === 'skip' && s.summaryKey && SKIPS_CITING_STEP_1.has(s.summaryKey) && first && first.status !== 'fail')
      out.push({ rule: 'skip-unexplained', step: 'gpu-visible', detail: `step 1 is ${first.status.toUpperCase()}, but the ${s.id} step was skipped: "${s.summary}"` })
    for (const f of repeated(s.findings)) out.push({ rule: 'repeated-finding', step: s.id, detail: `${f.id} appears more than once` })
    if (s.status !== 'skip' && RANK[s.status] < RANK[worstOf(s.findings)])
      out.push({ rule: 'status-below-findings', step: s.id, detail: `the step says ${s.status.toUpperCase()} while its findings call for ${worstOf(s.findings).toUpperCase()}` })
  }
  const cudnn = steps.find((s) => s.id === 'cudnn-loaded')
  const ldd = steps.find((s) => s.id === 'ldd-linkage')
  if (cudnn?.id === 'cudnn-loaded' && ldd?.id === 'ldd-linkage') {
    const two = cudnn.evidence.mappedFiles
    const three = ldd.evidence.mappedCudnn
    if (two && three && !sameSet(two, three))
      out.push({ rule: 'cudnn-file-disagrees', step: 'cudnn-loaded', detail: `step 2 names ${two.join(', ') || 'no file'}, step 3 ${three.join(', ') || 'no file'}` })
    // Step 2 says another cuDNN shadows the bundled one: step 3, which shows where each mapped file came from, must say so too.
    const shadowed = cudnn.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')
    // A finding said once (in step 2) leaves step 3 a pointer to it (`same-as-step`): that is step 3 saying so.
    const flags = (f: Finding) =>
      SHADOW_IN_STEP_3.has(f.id) ||
      (f.id === 'same-as-step' && SHADOW_IN_STEP_3.has(String(f.params.findingId))) ||
      (f.id === 'verdict-lowered-by-consistency-check' && f.params.rule === 'cudnn-shadow-unflagged')
    if (shadowed && ldd.status !== 'skip' && !ldd.findings.some(flags))
      out.push({ rule: 'cudnn-shadow-unflagged', step: 'ldd-linkage', detail: `step 2 says another cuDNN copy is loaded (${shadowed.message}); step 3 is ${ldd.status.toUpperCase()} without saying so` })
  }
  return out
}

/** A step whose status is below its own findings takes their status; a failure says its first error. */
function raisedToFindings(step: StepResult): StepResult {
  const status = worstOf(step.findings)
  if (status !== 'fail') return { ...step, status } as StepResult
  const params = { reason: step.findings.find((f) => f.severity === 'error')?.message ?? '' }
  return { ...step, status, summary: interpolate(summariesEn['verdict.lowered'], params), summaryKey: 'verdict.lowered', summaryParams: params } as StepResult
}

function lowered(step: StepResult, status: StepStatus, v: Violation, severity: 'error' | 'warning'): StepResult {
  const finding = makeFinding('verdict-lowered-by-consistency-check', severity, { rule: v.rule, detail: v.detail }, v.detail)
  const findings = [...step.findings, finding]
  const status2 = RANK[status] > RANK[step.status] ? status : step.status
  const reason = findings.find((f) => f.severity === 'error')?.message ?? finding.message
  const params = { reason }
  return {
    ...step,
    status: status2,
    findings,
    summary: interpolate(summariesEn['verdict.lowered'], params),
    summaryKey: 'verdict.lowered',
    summaryParams: params,
  } as StepResult
}

/**
 * The diagnosis with every contradiction corrected conservatively, and what was corrected (to log):
 * findings of one id are merged into one; a step whose status is below its findings takes their status; a
 * step 1 that did not fail while later steps skip because of it fails; step 2 takes step 3's cuDNN files.
 */
export function makeConsistent(steps: readonly StepResult[]): { steps: StepResult[]; violations: Violation[] } {
  const violations = checkConsistency(steps)
  if (violations.length === 0) return { steps: [...steps], violations }
  let out: StepResult[] = steps.map((s) => (repeated(s.findings).length ? ({ ...s, findings: mergeSameId(s.findings) } as StepResult) : s))
  for (const v of violations) {
    const i = out.findIndex((s) => s.id === v.step)
    const s = out[i]
    if (!s) continue
    if (v.rule === 'skip-unexplained') out[i] = lowered(s, 'fail', v, 'error')
    else if (v.rule === 'cudnn-shadow-unflagged') out[i] = lowered(s, 'fail', v, 'error')
    else if (v.rule === 'status-below-findings') out[i] = raisedToFindings(s)
    else if (v.rule === 'cudnn-file-disagrees' && s.id === 'cudnn-loaded') {
      const ldd = out.find((x) => x.id === 'ldd-linkage')
      const files = ldd?.id === 'ldd-linkage' ? (ldd.evidence.mappedCudnn ?? []) : []
      out[i] = lowered({ ...s, evidence: { ...s.evidence, mappedFiles: files } } as StepResult, 'warn', v, 'warning')
    }
  }
  // A correction must not leave a contradiction of its own.
  out = out.map((s) => (s.status !== 'skip' && RANK[s.status] < RANK[worstOf(s.findings)] ? raisedToFindings(s) : s))
  return { steps: out, violations }
}
